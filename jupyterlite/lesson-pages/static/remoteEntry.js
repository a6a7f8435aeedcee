// The lessons as pages: a JupyterLab extension of the site, written as a plain federated module (no build step).
//
// In the Notebook app, a notebook under notebooks/ opens ready: its code, prompts, toolbar and menus hidden,
// stored outputs cleared (their widgets would look live and be dead), cells tagged `solution` and any part
// headed "For programmers" left out, the other code cells run in turn once Python is ready (stopping at the
// first error), and the notebook kept clean (nothing to save, no leave-page prompt). A "Show the code" link
// opens the same lesson in JupyterLab. In both apps a link to a lesson or to a rule (13_rule_book.ipynb#C12),
// in prose or in a widget, opens that notebook and scrolls to the anchor once it is drawn.
//
// JupyterLab loads it as it loads any prebuilt extension (window._JUPYTERLAB[name].init, then .get); the
// JupyterLab modules it uses come from the page's share scope, so they are the very ones the page runs.
var _JUPYTERLAB = (window._JUPYTERLAB = window._JUPYTERLAB || {});
(function () {
  'use strict';
  const NAME = 'euchre-lesson-pages';
  const LESSONS = 'notebooks/';
  const STYLE = document.currentScript.src.replace(/remoteEntry\.js.*$/, 'lesson_pages.css');
  const IS_NOTEBOOK_APP = /\/notebooks\/(index\.html)?$/.test(window.location.pathname);
  let scope = null;

  function shared(name) {
    const versions = scope[name];
    const entry = Object.values(versions).find(e => e.loaded) || Object.values(versions)[0];
    return Promise.resolve(entry.get()).then(factory => factory());
  }

  function cellsToShow(cells) {
    // Cells tagged `solution` or `jupyterlab-only` (how to start in JupyterLab), and a part headed "For
    // programmers" up to the next heading as high, are left out.
    let part = 0;
    return cells.map(cell => {
      const heading = /^(#{1,6})\s+(.*)/.exec(cell.model.sharedModel.getSource());
      if (cell.model.type === 'markdown' && heading) {
        const level = heading[1].length;
        if (part && level <= part) part = 0;
        if (!part && /^for programmers/i.test(heading[2].trim())) part = level;
      }
      const tags = cell.model.getMetadata('tags') || [];
      return !part && !tags.includes('solution') && !tags.includes('jupyterlab-only');  // a page runs by itself
    });
  }

  function lessonPage(panel, CodeCell, Widget) {
    document.body.classList.add('euchre-lesson-page');
    panel.addClass('euchre-lesson');
    const bar = document.createElement('div');
    bar.className = 'euchre-lesson-bar';
    bar.innerHTML = '<span class="euchre-status" role="status">Python is starting…</span>' +
      '<a class="euchre-show-code">Show the code</a>';
    const status = bar.firstChild;
    bar.lastChild.href = '../lab/index.html?path=' + encodeURIComponent(panel.context.path);
    panel.toolbar.insertItem(0, 'euchre-lesson-bar', new Widget({ node: bar }));
    const model = panel.context.model;
    model.stateChanged.connect((_, change) => {
      if (change.name === 'dirty' && change.newValue) model.dirty = false;  // a lesson page never saves
    });
    // Where the page is (starting, running, ready or stopped), for the browser tests and bench/site.py.
    panel.node.dataset.euchreLesson = 'starting';
    panel.context.ready.then(async () => {
      const cells = panel.content.widgets;
      const shown = cellsToShow(cells);
      cells.forEach((cell, i) => {
        cell.readOnly = true;
        if (!shown[i]) cell.addClass('euchre-hidden');
        if (cell.model.type === 'code') cell.model.sharedModel.transact(() => cell.model.outputs.clear());
      });
      model.dirty = false;
      scrollToAnchor(panel, window.location.hash);
      await panel.sessionContext.ready;
      for (const [i, cell] of cells.entries()) {
        if (!shown[i] || cell.model.type !== 'code') continue;
        const reply = await CodeCell.execute(cell, panel.sessionContext);
        status.textContent = '';
        panel.node.dataset.euchreLesson = 'running';
        if (reply && reply.content.status !== 'ok') {
          status.textContent = 'This lesson stopped at a problem: reload the page to start it again.';
          panel.node.dataset.euchreLesson = 'stopped';
          return;
        }
      }
      status.textContent = '';
      panel.node.dataset.euchreLesson = 'ready';
      scrollToAnchor(panel, window.location.hash);  // the outputs drawn above it have moved it
    });
  }

  async function scrollToAnchor(panel, hash) {
    // The sanitizer drops the id of <a id="C12">, so the cell whose source holds it is brought to the top
    // (a long notebook draws only the cells near the view: it is scrolled to first, then aligned).
    const id = decodeURIComponent((hash || '').replace(/^#/, ''));
    if (!id) return;
    await panel.context.ready;
    const notebook = panel.content;
    const index = notebook.widgets.findIndex(c => c.model.sharedModel.getSource().includes(`id="${id}"`));
    if (index < 0) return;
    await notebook.scrollToItem(index, 'start');
    await new Promise(done => requestAnimationFrame(done));
    notebook.widgets[index].node.scrollIntoView({ block: 'start' });
  }

  function notebookLink(event, tracker) {
    // A click on a link to a notebook of the site: its path there and its anchor, or null for any other link.
    // JupyterLab writes a link of markdown as the file's address (.../files/notebooks/x.ipynb#C2); a widget's
    // link stays as written, relative to the notebook's folder (13_rule_book.ipynb#C2, ../notebooks/...).
    const link = event.target instanceof Element && event.target.closest('a[href]');
    if (!link) return null;
    const href = link.getAttribute('href');
    const files = new URL('../files/', window.location.href).href;
    const current = tracker.currentWidget ? tracker.currentWidget.context.path : LESSONS;
    const folder = current.slice(0, current.lastIndexOf('/') + 1);
    let relative = null;
    if (link.href.startsWith(files)) relative = link.href.slice(files.length);
    else if (!/^([a-z]+:|\/)/i.test(href)) relative = folder + href;
    const url = relative === null ? null : new URL(relative, 'http://site/');
    if (!url || !url.pathname.endsWith('.ipynb')) return null;
    return { path: decodeURIComponent(url.pathname.slice(1)), hash: url.hash };
  }

  function plugin(notebookModule, cellsModule, widgetsModule) {
    return {
      id: NAME + ':plugin',
      description: 'Lessons as pages, and rule links that land on the rule.',
      autoStart: true,
      requires: [notebookModule.INotebookTracker],
      activate(app, tracker) {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = STYLE;
        document.head.appendChild(link);
        if (IS_NOTEBOOK_APP) {
          tracker.widgetAdded.connect((_, panel) => {
            if (panel.context.path.startsWith(LESSONS)) lessonPage(panel, cellsModule.CodeCell, widgetsModule.Widget);
          });
        }
        document.addEventListener('click', async event => {
          const target = notebookLink(event, tracker);
          if (!target || event.button !== 0) return;
          event.preventDefault();
          event.stopPropagation();
          const here = tracker.currentWidget;
          if (here && here.context.path === target.path) return scrollToAnchor(here, target.hash);
          if (IS_NOTEBOOK_APP) {
            // One lesson a page: the Notebook app opens the other one in place of this one.
            window.location.assign('?path=' + encodeURIComponent(target.path) + target.hash);
            return;
          }
          const panel = await app.commands.execute('docmanager:open', { path: target.path });
          if (panel && panel.content) scrollToAnchor(panel, target.hash);
        }, true);
      }
    };
  }

  _JUPYTERLAB[NAME] = {
    init(shareScope) {
      scope = shareScope;
    },
    get(module) {
      if (module !== './extension') return Promise.reject(new Error(`${NAME} has no module ${module}`));
      return Promise.all(['@jupyterlab/notebook', '@jupyterlab/cells', '@lumino/widgets'].map(shared))
        .then(([notebook, cells, widgets]) => () => plugin(notebook, cells, widgets));
    }
  };
})();
