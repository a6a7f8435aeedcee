// The kernel's Python, started from the site's snapshot: Python with the lessons' packages already imported.
//
// The kernel's worker imports the module named by its `pyodideUrl` setting and calls its `loadPyodide`; the site
// names this file, which sits beside Pyodide's own `pyodide.mjs` in static/pyodide/. It restores the memory that
// jupyterlite/quick-start/snapshot.mjs saved at build time (booting Python and importing IPython, the widgets and
// euchre_lesson take seconds; copying them back, a fraction of one), puts back the files of site-packages (a
// memory snapshot holds no files) and tells Pyodide those packages are loaded. Anything amiss (a file missing, a
// snapshot of another build) and it starts Python the ordinary way: slower, never broken.

import { loadPyodide as startPython, version } from "./pyodide.mjs";
import createPyodideModule from "./pyodide.asm.mjs";

export { version };

const HERE = new URL(".", import.meta.url);
const SNAPSHOT = "python-memory.gz";  // the memory, gzipped
const FILES = "python-files.gz";  // site-packages: [index length, u32][index: JSON {packages, files: [[path, size], ...]}][bytes]

async function gunzipped(name) {
  const response = await fetch(new URL(name, HERE));
  if (!response.ok) throw new Error(`${name}: ${response.status} ${response.statusText}`);
  const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function restoreFiles(FS, bundle) {
  const length = new DataView(bundle.buffer, bundle.byteOffset, 4).getUint32(0, true);
  const { packages, files } = JSON.parse(new TextDecoder().decode(bundle.subarray(4, 4 + length)));
  const folders = new Set();
  let offset = 4 + length;
  for (const [path, size] of files) {
    const folder = path.slice(0, path.lastIndexOf("/"));
    if (!folders.has(folder)) FS.mkdirTree(folder), folders.add(folder);
    FS.writeFile(path, bundle.subarray(offset, offset + size), { canOwn: true });  // a view, not a copy
    offset += size;
  }
  return packages;
}

// How Python started, for the tests and anyone puzzled by a slow start: "snapshot", or "fresh: " and why.
const HOW = "EUCHRE_LESSON_PYTHON_START";

async function startAfresh(options, why) {
  console.warn(`Python starts without its snapshot (${why}), which takes longer`);
  const pyodide = await startPython(options);
  pyodide.runPython(`import os; os.environ["${HOW}"] = ${JSON.stringify(`fresh: ${why}`)}`);
  return pyodide;
}

export async function loadPyodide(options = {}) {
  const started = performance.now();
  // Both files come while Pyodide fetches its WebAssembly, which it asks for before it waits on the memory: on a
  // school's network the three downloads share the wait instead of following each other.
  const memory = gunzipped(SNAPSHOT);
  const files = gunzipped(FILES);
  let why = "it would not restore";
  const snapshot = Promise.all([memory, files]).then(
    ([bytes]) => bytes,
    (problem) => {
      why = "its files would not load";
      throw problem;
    },
  );
  // Pyodide's memory starts smaller than the snapshot: grow it before the snapshot is copied in.
  let api;  // Pyodide's API inside, where the JavaScript objects Python holds are found again by name
  const grown = async (settings) => {
    api = settings.API;
    const module = await createPyodideModule(settings);
    module._free(module._malloc((await memory).length));
    return module;
  };
  let pyodide;
  try {
    const named = (name) => (name.api ? api[name.api] : api.public_api[name.publicApi]);
    pyodide = await startPython({ ...options, packages: [], _loadSnapshot: snapshot, createPyodideModule: grown,
                                  _snapshotDeserializer: named });
  } catch (problem) {
    return startAfresh(options, `${why}: ${problem}`);
  }
  for (const name of restoreFiles(pyodide.FS, await files)) pyodide.loadedPackages[name] = "default channel";
  // The snapshot froze the random generator's state: without a new seed every visitor would get the same deals.
  pyodide.runPython(`import importlib, os, random; importlib.invalidate_caches(); random.seed()
os.environ["${HOW}"] = "snapshot"`);
  console.info(`Python restored from its snapshot in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return pyodide;
}
