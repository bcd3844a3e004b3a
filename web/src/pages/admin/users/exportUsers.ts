import { saveFile } from '../../../app/saveFile.ts';
import { answerOf } from '../../../api/client.ts';
import { adminApi } from '../api/adminClient.ts';
import { indiaDay } from '../format.ts';
import { exportFileName } from './exportName.ts';

/**
 * Downloads every user row as CSV: fetched with the admin's credentials (a plain link would go
 * without them), then saved under the server's file name.
 */
export async function exportUsers(): Promise<void> {
  const { data: csv, response } = await answerOf(adminApi.GET('/api/admin/users/export', { headers: { Accept: 'text/csv' }, parseAs: 'blob' }));
  saveFile(csv, exportFileName(response.headers.get('Content-Disposition'), indiaDay(new Date())));
}
