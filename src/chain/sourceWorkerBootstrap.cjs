// Worker entry when running from TypeScript source: the worker thread inherits tsx's require hook but not, at start-up,
// its ESM loader, so the real entry (workerData.entry) is loaded with require, as piscina loads its task files.
const { workerData } = require('node:worker_threads');
require(workerData.entry);
