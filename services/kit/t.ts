import { PGlite } from '@electric-sql/pglite';
let t = Date.now();
const a = await PGlite.create('/tmp/pgl-test-1'); console.log('fresh dir', Date.now()-t); await a.close(); t=Date.now();
const b = await PGlite.create('/tmp/pgl-test-1'); console.log('reopen dir', Date.now()-t); t=Date.now();
const dump = await b.dumpDataDir('none'); console.log('dump', Date.now()-t, dump.size); await b.close(); t=Date.now();
const c = await PGlite.create({ loadDataDir: dump }); console.log('load mem', Date.now()-t); t=Date.now();
const d = await PGlite.create({ loadDataDir: dump }); console.log('load mem 2', Date.now()-t); t=Date.now();
const rs = await Promise.all([1,2,3,4,5].map(() => PGlite.create({ loadDataDir: dump }))); console.log('5 parallel', Date.now()-t);
