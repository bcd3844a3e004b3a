import { runServiceProcess } from '@betterplus/kit';
import { adminReportingService } from './app.ts';

await runServiceProcess(adminReportingService);
