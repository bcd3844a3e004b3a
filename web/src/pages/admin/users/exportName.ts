// The export's file name: the one the server's Content-Disposition names (users-subscriptions-{date}.csv),
// else the same pattern with the day it is here.

const FILENAME_STAR = /filename\*\s*=\s*UTF-8''([^;]+)/i;
const FILENAME = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i;

/** `today` is 'YYYY-MM-DD'. Path separators in the server's name are dropped: a name, never a path. */
export function exportFileName(contentDisposition: string | null, today: string): string {
  const header = contentDisposition ?? '';
  const encoded = FILENAME_STAR.exec(header)?.[1];
  let name: string | undefined;
  try {
    name = encoded === undefined ? undefined : decodeURIComponent(encoded.trim());
  } catch {
    name = undefined;
  }
  if (name === undefined) {
    const plain = FILENAME.exec(header);
    name = (plain?.[1] ?? plain?.[2])?.trim();
  }
  const safe = name?.replace(/[/\\]/g, '');
  return safe ? safe : `users-subscriptions-${today}.csv`;
}
