// Saves text as a file (the configuration backup, the Live page's CSV): a link to it, clicked from within the page.

/** Downloads `text` as `name` (`type`: its MIME type); the link is made, clicked, removed, and its URL freed later. */
export function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
