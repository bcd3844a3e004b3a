import { runServiceProcess } from '@betterplus/kit';
import { chatService } from './app.ts';

await runServiceProcess(chatService);
