// JupyterLab for the lessons (make lessons): a JupyterLab extension written as a plain federated module (no build
// step), found through jupyter-config/jupyter_lab_config.py.
//
// A link in a lesson's text such as 13_rule_book.ipynb#C12 opens the rule book, and JupyterLab then looks for the
// anchor at once, while the rule book's text is still being drawn: it finds nothing and the book stays at its top
// (no windowing mode setting changes that). Here, each time JupyterLab asks a notebook to go to an anchor, the
// anchor is also waited for, brought to the top, and kept there while the cells above it finish drawing (their
// heights change), until the page is still or the reader scrolls.
//
// On a phone (a screen at most 600 px wide) the lesson has the screen: the file browser, which JupyterLab opens over
// two thirds of it, starts closed, and the menu bar's items sit closer so that all of them fit (Help was cut off).
//
// JupyterLab loads it as it loads any prebuilt extension (window._JUPYTERLAB[name].init, then .get); the
// JupyterLab module it patches comes from the page's share scope, so it is the very one the page runs.
var _JUPYTERLAB = (window._JUPYTERLAB = window._JUPYTERLAB || {});
(function () {
  'use strict';
  const NAME = 'euchre-lesson-lab';
  const PHONE = '(max-width: 600px)';
  const COMPACT_MENUS = `@media ${PHONE} { .lm-MenuBar-item { padding-left: 4px; padding-right: 4px; } }`;
  const PATIENCE_MS = 30000;  // a long notebook on a small, busy machine takes a while to draw
  const STILL_FRAMES = 30;  // about half a second with the anchor unmoved: the page has settled
  let scope = null;

  function shared(name) {
    const versions = scope[name];
    const entry = Object.values(versions).find(e => e.loaded) || Object.values(versions)[0];
    return Promise.resolve(entry.get()).then(factory => factory());
  }

  const frame = () => new Promise(done => requestAnimationFrame(done));

  function anchorOf(notebook, id) {
    // The sanitizer keeps an anchor's id as data-jupyter-id; a heading's own id is kept as it is.
    const name = CSS.escape(id);
    const anchor = notebook.node.querySelector(`[data-jupyter-id="${name}"], [id="${name}"]`);
    return anchor && (anchor.closest('h1, h2, h3, h4, h5, h6') || anchor);
  }

  async function land(panel, fragment) {
    const id = decodeURIComponent((fragment || '').replace(/^#/, ''));
    if (!id || id.includes('=')) return;  // heading=… and cell-id=… are JupyterLab's own, and work
    await panel.context.ready;
    const notebook = panel.content;
    let readerMoved = false;
    const reader = () => { readerMoved = true; };
    const moves = ['wheel', 'keydown', 'pointerdown', 'touchstart'];
    moves.forEach(kind => panel.node.addEventListener(kind, reader, { passive: true }));
    try {
      let placed = null, still = 0, broughtNear = false;
      const deadline = performance.now() + PATIENCE_MS;
      while (!readerMoved && !panel.isDisposed && performance.now() < deadline && still < STILL_FRAMES) {
        await frame();
        const anchor = anchorOf(notebook, id);
        if (!anchor) {
          // In full windowing the anchor's cell may not be attached yet: bring it near once.
          const index = notebook.widgets.findIndex(c => c.model.sharedModel.getSource().includes(`id="${id}"`));
          if (index >= 0 && !broughtNear) { broughtNear = true; await notebook.scrollToItem(index, 'start'); }
          continue;
        }
        const top = anchor.getBoundingClientRect().top;
        if (placed === null || Math.abs(top - placed) > 1) {
          anchor.scrollIntoView({ block: 'start' });
          placed = anchor.getBoundingClientRect().top;
          still = 0;
        } else {
          still += 1;
        }
      }
    } finally {
      moves.forEach(kind => panel.node.removeEventListener(kind, reader));
    }
  }

  function plugin(notebookModule) {
    return {
      id: NAME + ':plugin',
      description: 'Rule links that land on the rule; a phone layout.',
      autoStart: true,
      activate(app) {
        const style = document.createElement('style');
        style.textContent = COMPACT_MENUS;
        document.head.appendChild(style);
        app.restored.then(() => {
          if (window.matchMedia(PHONE).matches) app.shell.collapseLeft();
        });
        const proto = notebookModule.NotebookPanel.prototype;
        const goTo = proto.setFragment;
        proto.setFragment = function (fragment) {
          goTo.call(this, fragment);
          land(this, fragment);
        };
      }
    };
  }

  _JUPYTERLAB[NAME] = {
    init(shareScope) {
      scope = shareScope;
    },
    get(module) {
      if (module !== './extension') return Promise.reject(new Error(`${NAME} has no module ${module}`));
      return shared('@jupyterlab/notebook').then(notebook => () => plugin(notebook));
    }
  };
})();
