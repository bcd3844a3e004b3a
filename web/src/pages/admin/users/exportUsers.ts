import { saveFile } from '../../../app/saveFile.ts';
import { adminRequest } from '../api/adminClient.ts';
import { indiaDay } from '../format.ts';
import { exportFileName } from './exportName.ts';

/**
 * Downloads every user row as CSV: fetched with the admin's credentials (a plain link would go
 * without them), then saved under the server's file name.
 */
export async function exportUsers(): Promise<void> {
  const response = await adminRequest('/api/admin/users/export', 'text/csv');
  saveFile(await response.blob(), exportFileName(response.headers.get('Content-Disposition'), indiaDay(new Date())));
}
