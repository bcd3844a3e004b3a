/**
 * Saves `file` under `name` through the browser's download, for files fetched with credentials
 * (a plain link would go without them).
 */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download reads the object URL after this click returns; let it go once it has.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 60_000);
}
