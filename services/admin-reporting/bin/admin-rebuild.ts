// `npm run admin:rebuild`: see src/events/rebuild.ts.
import { runRebuildCommand } from '../src/events/rebuild.ts';

process.exitCode = await runRebuildCommand(process.env, (line) => {
  console.log(line);
});
