import { runServiceProcess } from '@betterplus/kit';
import { notificationsService } from './app.ts';

await runServiceProcess(notificationsService);
