// `npm run admin:rebuild`: see rebuild.ts.
import { runRebuildCommand } from './rebuild.ts';

process.exitCode = await runRebuildCommand(process.env, (line) => {
  console.log(line);
});
