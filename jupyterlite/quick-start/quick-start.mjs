// The kernel's Python, started from the site's snapshot: Python with the lessons' packages already imported.
//
// The kernel's worker imports the module named by its `pyodideUrl` setting and calls its `loadPyodide`; the site
// names this file, which sits beside Pyodide's own `pyodide.mjs` in static/pyodide/. It restores the memory that
// jupyterlite/quick-start/snapshot.mjs saved at build time (booting Python and importing IPython, the widgets and
// euchre_lesson take seconds; copying them back, a fraction of one), puts back the files of site-packages (a
// memory snapshot holds no files) and tells Pyodide those packages are loaded. Anything amiss (a file missing, a
// snapshot of another build) and it starts Python the ordinary way: slower, never broken.
//
// Two head starts. A lesson page starts the kernel's worker with the page (head-start.mjs calls `begin`), so the
// restore is under way long before JupyterLab asks for Python. And the snapshot, once unpacked, is kept in the
// browser's Cache Storage under this build's name: the next visit copies it back instead of unpacking it again.

import { loadPyodide as startPython, version } from "./pyodide.mjs";
import createPyodideModule from "./pyodide.asm.mjs";

export { version };

const HERE = new URL(".", import.meta.url);
const SNAPSHOT = "python-memory.gz";  // the memory, gzipped
const FILES = "python-files.gz";  // site-packages: [index length, u32][index: JSON {packages, files: [[path, size], ...]}][bytes]
// Where the unpacked snapshot is kept, and this build's name for it (build_site.py writes the snapshot's hash here):
// a copy kept by another build of the site is never used, and is deleted when this one is kept.
const KEPT = "euchre-lesson-python";
const BUILD = "SNAPSHOT_HASH";

async function gunzipped(name) {
  const response = await fetch(new URL(name, HERE));
  if (!response.ok) throw new Error(`${name}: ${response.status} ${response.statusText}`);
  const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const keptName = (name) => new URL(`${name}?build=${BUILD}`, HERE).href;

async function keptCopies() {
  // The memory and the files this build unpacked on an earlier visit, or null. Cache Storage is missing where the
  // page is not a secure context (a school's server over plain http): then every visit unpacks.
  if (!globalThis.caches) return null;
  try {
    const cache = await caches.open(KEPT);
    const [memory, files] = await Promise.all([SNAPSHOT, FILES].map((name) => cache.match(keptName(name))));
    if (!memory || !files) return null;
    return Promise.all([memory, files].map(async (kept) => new Uint8Array(await kept.arrayBuffer())));
  } catch (problem) {
    console.warn(`the kept snapshot could not be read (${problem}): it is unpacked again`);
    return null;
  }
}

async function keep(memory, files) {
  // Kept for the next visit (this build's copy only); a full disk or a refusal costs that visit time, nothing else.
  // Copied at once: Python's files are views of `files`, and Python may write to them once it runs.
  if (!globalThis.caches) return;
  const bodies = [new Response(memory), new Response(files)];
  try {
    await forget();  // another build's copy, or this one's kept by another page
    const cache = await caches.open(KEPT);
    await cache.put(keptName(SNAPSHOT), bodies[0]);
    await cache.put(keptName(FILES), bodies[1]);
  } catch (problem) {
    console.warn(`the unpacked snapshot was not kept (${problem}): the next visit unpacks it again`);
  }
}

async function forget() {
  try {
    await caches.delete(KEPT);
  } catch {
    // nothing was kept, or nothing can be
  }
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

// How Python started, for the tests and anyone puzzled by a slow start: "snapshot", "snapshot, kept" (the copy an
// earlier visit kept), or "fresh: " and why.
const HOW = "EUCHRE_LESSON_PYTHON_START";

async function startAfresh(options, why) {
  console.warn(`Python starts without its snapshot (${why}), which takes longer`);
  const pyodide = await startPython(options);
  pyodide.runPython(`import os; os.environ["${HOW}"] = ${JSON.stringify(`fresh: ${why}`)}`);
  return pyodide;
}

let headStart = null;  // Python on its way since the page opened (begin), for the kernel's loadPyodide to take

export function begin() {
  // Called by head-start.mjs as the page opens, before JupyterLab asks for Python. The kernel's options are not
  // known yet, and need not be: the snapshot holds its packages, and the kernel's output goes where it says below.
  headStart = restored({ indexURL: HERE.href });
  headStart.catch(() => {});  // the kernel's loadPyodide hears why, and starts Python afresh
}

export async function loadPyodide(options = {}) {
  const early = headStart;
  headStart = null;
  let pyodide;
  try {
    pyodide = await (early || restored(options));
  } catch (problem) {
    return startAfresh(options, problem.message);
  }
  if (early && options.stdout) pyodide.setStdout({ batched: options.stdout });
  if (early && options.stderr) pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}

async function restored(options) {
  // Python from the copy kept by an earlier visit, else from the site's files (then kept); an Error saying why not.
  const started = performance.now();
  const kept = await keptCopies();
  if (kept) {
    try {
      return await restore(options, kept, "snapshot, kept", started);
    } catch (problem) {
      console.warn(`the kept snapshot would not restore (${problem.message}): it is forgotten, the site's is unpacked`);
      await forget();
    }
  }
  // Both files come while Pyodide fetches its WebAssembly, which it asks for before it waits on the memory: on a
  // school's network the three downloads share the wait instead of following each other.
  const unpacked = Promise.all([gunzipped(SNAPSHOT), gunzipped(FILES)]);
  const pyodide = await restore(options, unpacked, "snapshot", started);
  keep(...(await unpacked));
  return pyodide;
}

async function restore(options, copies, how, started) {
  // Python from `copies` (the memory and the files, or a promise of them), as Pyodide's own snapshots start.
  copies = Promise.resolve(copies);
  let why = "it would not restore";
  const snapshot = copies.then(
    ([memory]) => memory,
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
    module._free(module._malloc((await snapshot).length));
    return module;
  };
  let pyodide;
  try {
    const named = (name) => (name.api ? api[name.api] : api.public_api[name.publicApi]);
    pyodide = await startPython({ ...options, packages: [], _loadSnapshot: snapshot, createPyodideModule: grown,
                                  _snapshotDeserializer: named });
  } catch (problem) {
    throw new Error(`${why}: ${problem}`);
  }
  const [, files] = await copies;
  for (const name of restoreFiles(pyodide.FS, files)) pyodide.loadedPackages[name] = "default channel";
  // The snapshot froze the random generator's state: without a new seed every visitor would get the same deals.
  pyodide.runPython(`import importlib, os, random; importlib.invalidate_caches(); random.seed()
os.environ["${HOW}"] = "${how}"`);
  console.info(`Python restored from its ${how} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return pyodide;
}
