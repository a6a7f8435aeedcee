// Build time, in Node: Python as the lessons need it, saved so that the browser restores it instead of booting it.
//
//     node snapshot.mjs FOLDER PACKAGES MODULES
//
// FOLDER is the site's static/pyodide/ (the runtime, the wheels and the lock); PACKAGES a JSON list of what the
// kernel loads at start; MODULES a JSON list of modules to import after the kernel (the lessons' package). It
// does what the kernel's worker does at start (import micropip, piplite and the kernel), imports MODULES, and
// writes into FOLDER, for quick-start.mjs: python-memory.gz (Pyodide's memory) and python-files.gz (the files
// of site-packages, which a memory snapshot does not hold, and the packages they came from).

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const [folder, packagesJson, modulesJson] = process.argv.slice(2);
const { loadPyodide } = await import(join(folder, "pyodide.mjs"));
const SITE_PACKAGES = "/lib/python3.14/site-packages";

// The worker's own steps (initPackageManager, initKernel), then the lessons' modules, in the order a lesson
// imports them: ipywidgets registers its comm targets on import because a kernel is there.
const IMPORTS = `
import gc, importlib
import micropip, piplite.piplite, pyodide_kernel
refused = []
for name in modules:
    try:
        importlib.import_module(name)
    except Exception as problem:
        refused.append(f"{name}: {problem!r}")
from ipywidgets.widgets import widget
if widget._instances:  # frozen without a page, such a widget's views would wait for a model that never comes
    refused.append(f"widgets made on import: {sorted({type(w).__name__ for w in widget._instances.values()})}")
del name, modules, widget
gc.collect()  # files opened while loading (a wheel's zip) are closed now, not after the restore
refused
`;

// A JavaScript object Python holds that is not reached from the global object (micropip and the kernel keep
// functions of Pyodide's API): its name in the API, by which quick-start.mjs finds it again.
function nameIn(pyodide) {
  const holders = { api: pyodide._api, publicApi: pyodide };
  return (object) => {
    for (const [where, holder] of Object.entries(holders)) {
      const key = Object.getOwnPropertyNames(holder).find((name) => { try { return holder[name] === object; } catch { return false; } });
      if (key) return { [where]: key };
    }
    throw new Error(`Python holds a JavaScript object the snapshot cannot name: ${String(object).slice(0, 80)}`);
  };
}

function filesUnder(FS, folder, found = []) {
  for (const name of FS.readdir(folder)) {
    if (name === "." || name === "..") continue;
    const path = `${folder}/${name}`;
    if (FS.isDir(FS.stat(path).mode)) filesUnder(FS, path, found);
    else found.push([path, FS.readFile(path)]);
  }
  return found;
}

function joined(parts) {
  const whole = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

async function main() {
  const pyodide = await loadPyodide({ indexURL: folder, stdout: () => {}, _makeSnapshot: true });
  await pyodide.loadPackage(JSON.parse(packagesJson), { messageCallback: () => {} });
  pyodide.globals.set("modules", pyodide.toPy(JSON.parse(modulesJson)));
  const refused = pyodide.runPython(IMPORTS).toJs();
  if (refused.length) {
    throw new Error(`the imports failed: ${refused.join("; ")} (a module that needs a server belongs in ` +
                    "build_site.py's SERVER_MODULES; a widget belongs in a function, not at a module's top)");
  }
  pyodide.globals.delete("refused");
  const files = filesUnder(pyodide.FS, SITE_PACKAGES);
  // The snapshot must not hold the packages' record (quick-start.mjs writes it again, with the files).
  const loaded = Object.keys(pyodide.loadedPackages);
  for (const name of loaded) delete pyodide.loadedPackages[name];
  const memory = pyodide.makeMemorySnapshot({ serializer: nameIn(pyodide) });
  const index = new TextEncoder().encode(JSON.stringify({ packages: loaded, files: files.map(([path, data]) => [path, data.length]) }));
  const head = new Uint8Array(4);
  new DataView(head.buffer).setUint32(0, index.length, true);
  writeFileSync(join(folder, "python-memory.gz"), gzipSync(memory, { level: 6 }));
  writeFileSync(join(folder, "python-files.gz"), gzipSync(joined([head, index, ...files.map(([, data]) => data)]), { level: 6 }));
  const modules = pyodide.runPython("import sys; len(sys.modules)");
  console.log(`Python's snapshot: ${(memory.length / 1e6).toFixed(0)} MB of memory with ${modules} modules imported, ` +
              `${files.length} files of ${loaded.length} packages`);
}

// A failure says what went wrong in a few lines, not with the page of minified Pyodide that Node prints by itself.
main().catch((problem) => {
  console.error(`Python's snapshot could not be made: ${String(problem?.message ?? problem).slice(-3000)}`);
  process.exit(1);
});
