/** Hands the browser a file to save, through its own download (the launcher's page, never a frame). */
export function downloadFile({ name, type, bytes }: { name: string; type: string; bytes: Uint8Array }): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; the URL need not outlive it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
