// "Copy link" of the invite (Invite.svelte) and of a seat's link for another device
// (OtherDevice.svelte): one way to copy a link.

/** Copies `link` to the clipboard; true once copied. Without a clipboard (an insecure page,
 *  or none allowed) the link's `field` is selected, to be copied by hand, and false. */
export async function copyLink(link: string, field: { select(): void } | null | undefined,
  clipboard: Pick<Clipboard, "writeText"> | undefined = globalThis.navigator?.clipboard): Promise<boolean> {
  try {
    if (!clipboard) throw new Error("no clipboard");
    await clipboard.writeText(link);
    return true;
  } catch {
    field?.select();
    return false;
  }
}
