// Hands a Blob to the browser as a file download (exports of the org chart and of company packages).
export function download(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // the click starts the download asynchronously; revoking at once can cancel it
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
