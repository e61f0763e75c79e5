/**
 * Hands a file to the browser's save: an object URL clicked, freed a minute later (the browser reads the blob
 * after the click returns). Downloads, issued documents and every workbook the app writes go through it.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
