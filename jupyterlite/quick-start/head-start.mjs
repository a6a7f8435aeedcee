// The kernel's worker, started with a lesson page (lesson-frame.html) instead of when JupyterLab asks for it a
// second or more later: Python's restore (quick-start.mjs) begins at once. It is JupyterLite's own kernel worker,
// imported below (build_site.py writes its path), with a head start. It says when it is alive: the page hands it to
// JupyterLab only then, so a worker that failed to load is never the kernel's.
import { begin } from "./quick-start.mjs";
import "KERNEL_WORKER";

begin();
postMessage({ euchreHeadStart: "alive" });
