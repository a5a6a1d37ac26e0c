// A file the admin API answered (an export), handed to the browser as a download. The API needs the operator's
// bearer token, so a plain link cannot fetch it: the console fetches it and saves the Blob through an object URL
// (a navigation to blob:, which the page's CSP does not restrict), released once the click is dispatched.
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // After the click's task: the download has taken its own reference.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
