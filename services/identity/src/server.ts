import { runServiceProcess } from '@betterplus/kit';
import { identityService } from './app.ts';

await runServiceProcess(identityService);
