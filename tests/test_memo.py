"""The identity cache: one answer per object, never another object's answer."""

from collections.abc import Callable

from jokeren.memo import ByIdentity


def recorder(answer: Callable[[tuple[int, ...], int], int]
             ) -> tuple[list[tuple[int, ...]], Callable[[tuple[int, ...]], int]]:
    """A compute function that records every object it is asked about."""
    calls: list[tuple[int, ...]] = []

    def compute(t: tuple[int, ...]) -> int:
        calls.append(t)
        return answer(t, len(calls))

    return calls, compute


def test_computes_once_per_object_and_tells_equal_objects_apart() -> None:
    calls, count = recorder(lambda t, n: n)
    cache = ByIdentity(count, size=4)
    a, b = tuple([1, 2]), tuple([1, 2])  # equal, but two objects
    assert a is not b
    assert cache(a) == 1 and cache(a) == 1
    assert cache(b) == 2
    assert len(calls) == 2


def test_starts_again_when_full_and_keeps_answers_right() -> None:
    calls, total = recorder(lambda t, n: sum(t))
    cache = ByIdentity(total, size=3)
    objs = [tuple([i, i]) for i in range(10)]
    for _ in range(2):
        for i, o in enumerate(objs):
            assert cache(o) == 2 * i
    assert len(calls) == 20  # ten objects never fit in three places: all computed again
    a, b, c, d = objs[:4]
    cache = ByIdentity(total, size=3)
    calls.clear()
    cache(a), cache(b), cache(c), cache(a)
    assert calls == [a, b, c]  # kept while there was room
    cache(d)  # full: starts again
    cache(a)
    assert calls == [a, b, c, d, a]  # a was forgotten: the cache stays within its size


def test_share_gives_a_new_object_the_answer_of_an_old_one() -> None:
    calls, count = recorder(lambda t, n: n)
    cache = ByIdentity(count, size=4)
    old, new = tuple([1, 2]), tuple([3, 4])
    cache.share(new, old)
    assert cache(new) == cache(old) == 1
    assert calls == [old]  # the new object's answer was never computed
