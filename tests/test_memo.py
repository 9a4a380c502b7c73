"""The identity cache: one answer per object, never another object's answer."""

from jokeren.memo import ByIdentity


def test_computes_once_per_object_and_tells_equal_objects_apart() -> None:
    calls: list[tuple[int, ...]] = []

    def count(t: tuple[int, ...]) -> int:
        calls.append(t)
        return len(calls)

    cache = ByIdentity(count, size=4)
    a, b = tuple([1, 2]), tuple([1, 2])  # equal, but two objects
    assert a is not b
    assert cache(a) == 1 and cache(a) == 1
    assert cache(b) == 2
    assert len(calls) == 2


def test_starts_again_when_full_and_keeps_answers_right() -> None:
    cache = ByIdentity(lambda t: sum(t), size=3)
    objs = [tuple([i, i]) for i in range(10)]
    for _ in range(2):
        for i, o in enumerate(objs):
            assert cache(o) == 2 * i
    assert len(cache._entries) <= 3
