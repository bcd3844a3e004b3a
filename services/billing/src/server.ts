import { runServiceProcess } from '@betterplus/kit';
import { billingService } from './app.ts';

await runServiceProcess(billingService);
