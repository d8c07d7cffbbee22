/** Offers a blob (made in the page or fetched first, so the name sticks) as a download under the given name. */
export function saveFile(blob: Blob, fileName: string): void {
  const objectUrl = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the link dies.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  }
}
