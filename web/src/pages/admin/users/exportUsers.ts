import { adminRequest } from '../api/adminClient.ts';
import { indiaDay } from '../format.ts';
import { exportFileName } from './exportName.ts';

/**
 * Downloads every user row as CSV: fetched with the admin's credentials (a plain link would go
 * without them), then saved under the server's file name.
 */
export async function exportUsers(): Promise<void> {
  const response = await adminRequest('/api/admin/users/export', 'text/csv');
  const csv = await response.blob();
  const url = URL.createObjectURL(csv);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(response.headers.get('Content-Disposition'), indiaDay(new Date()));
  document.body.append(link);
  link.click();
  link.remove();
  // The download reads the object URL after this click returns; let it go once it has.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 60_000);
}
