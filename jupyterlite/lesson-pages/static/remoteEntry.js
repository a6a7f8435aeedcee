// The lessons as pages: a JupyterLab extension of the site, written as a plain federated module (no build step).
//
// In the Notebook app, a notebook under notebooks/ opens ready: its code, prompts, toolbar and menus hidden,
// stored outputs cleared (their widgets would look live and be dead), cells tagged `solution` and the part for
// programmers (from the cell tagged `for-programmers`) left out, the other code cells run in turn once Python is
// ready (stopping at the first error), and the notebook kept clean (nothing to save, no leave-page prompt). A "Show the code" link
// opens the same lesson in JupyterLab. In both apps a link to a lesson or to a rule (13_rule_book.ipynb#C12),
// in prose or in a widget, opens that notebook and scrolls to the anchor once it is drawn.
//
// Fast to start: a lesson page asks for Python as soon as the extension is active, while the page is still
// being drawn (the page's frame has already started the kernel's worker: lesson-frame.html), opens the lesson as
// soon as the app has started, and a link to another lesson opens it in place on the same Python (its imports
// already loaded, the earlier lesson's names cleared), instead of a new page that would boot Python again.
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
  // When each step of a lesson page's start happened (seconds since the navigation), for bench/site.py (the page's
  // frame, notebooks/index.html, may have begun it).
  const TIMES = (window.euchreLessonTimes = window.euchreLessonTimes || { cells: [] });
  // Every lesson's title, written into the page by the build (build_site.py, from each lesson's first heading).
  const LESSONS_DATA = document.getElementById('euchre-lessons');
  const TITLES = LESSONS_DATA ? JSON.parse(LESSONS_DATA.textContent) : {};
  // The page's own words, in each lesson's language (the build writes them beside its title: euchre_lesson/pages.py
  // PAGE_WORDS), and in English for a notebook the build did not know.
  const WORDS_DATA = document.getElementById('euchre-page-words');
  const ENGLISH_WORDS = WORDS_DATA ? JSON.parse(WORDS_DATA.textContent) : {};
  const wordsOf = path => (TITLES[path] && TITLES[path].words) || ENGLISH_WORDS;
  const mark = name => { TIMES[name] = performance.now() / 1000; };
  // Run before a lesson's cells: the names an earlier lesson left in the same Python are cleared (its imports
  // stay loaded: that is what makes the next lesson quick), so each lesson runs as in a fresh kernel.
  const FRESH = '(lambda ip: [ip.user_ns.pop(n) for n in list(ip.user_ns) ' +
    "if n not in ip.user_ns_hidden and not n.startswith('_')])(get_ipython())";
  let scope = null;

  function shared(name) {
    const versions = scope[name];
    const entry = Object.values(versions).find(e => e.loaded) || Object.values(versions)[0];
    return Promise.resolve(entry.get()).then(factory => factory());
  }

  function cellsToShow(cells) {
    // Cells tagged `solution` or `jupyterlab-only` (how to start in JupyterLab) are left out, and a part for
    // programmers: from the heading of the cell tagged `for-programmers` to the next heading as high (the tag, not
    // the heading's words, marks it: a translated lesson's "Pour les programmeurs" too; euchre_lesson/pages.py).
    let part = 0;
    return cells.map(cell => {
      const source = cell.model.sharedModel.getSource();
      const tags = cell.model.getMetadata('tags') || [];
      if (cell.model.type === 'markdown') {
        const heading = /^\s*(#{1,6})\s/.exec(source);
        if (part && heading && heading[1].length <= part) part = 0;
        const opening = tags.includes('for-programmers') && /^(#{1,6})\s/m.exec(source);
        if (!part && opening) part = opening[1].length;
      }
      return !part && !tags.includes('solution') && !tags.includes('jupyterlab-only');  // a page runs by itself
    });
  }

  function titleOf(panel) {
    // The build's title for a lesson of the site; for another notebook, its first heading by the build's own rule
    // (build_site.lesson_title), or its name.
    const known = TITLES[panel.context.path];
    if (known) return known.title;
    for (const cell of panel.context.model.cells) {
      const heading = cell.type === 'markdown' && /^#{1,6}\s+(.+)$/m.exec(cell.sharedModel.getSource());
      if (heading) {
        const title = heading[1].replace(/[*_`]/g, '').trim();
        return /^\d+ · /.test(title) ? 'Lesson ' + title : title;
      }
    }
    return panel.context.path.replace(/^.*\//, '').replace(/\.ipynb$/, '');
  }

  function showTitle(app, Widget, title) {
    // The lesson's title in the tab and in the page's header (in place of the framework's logo and file name); the
    // page's frame (notebooks/index.html) keeps it the tab's name.
    if (window.euchreShowTitle) window.euchreShowTitle(title);
    else document.title = title;
    let header = document.getElementById('euchre-title');
    if (!header) {
      header = document.createElement('h1');
      header.className = 'euchre-title';
      const widget = new Widget({ node: header });
      widget.id = 'euchre-title';
      app.shell.add(widget, 'top', { rank: 0 });
      if (app.shell.menu) app.shell.menu.hide();  // its menus are hidden: its empty bar would leave a gap
    }
    header.textContent = title;
  }

  function lessonBar(app, Widget) {
    // What Python is doing and the "Show the code" link, in the page's header beside the title (on a phone, a row
    // of its own under it), not in a toolbar row of their own: at 1280 by 720 the lesson's table and its buttons
    // need that height (issue 35, point 6). One bar for the page, whichever lesson it shows.
    let bar = document.getElementById('euchre-lesson-bar');
    if (!bar) {
      bar = document.createElement('div');
      bar.className = 'euchre-lesson-bar';
      bar.innerHTML = '<span class="euchre-status" role="status"></span><a class="euchre-show-code"></a>';
      const widget = new Widget({ node: bar });
      widget.id = 'euchre-lesson-bar';
      app.shell.add(widget, 'top', { rank: 1000 });
      refitHeader(app);  // the header's height on a phone, set for a lesson page
    }
    return bar;
  }

  function refitHeader(app) {
    // The Notebook app's shell stacks its header over the page with a box layout that reads the header's height (its
    // CSS min-height) only when asked to fit: asked here, after lesson_pages.css or the screen's width changed it.
    // (The layout is the header's parent; the shell's own fit does not reach it.)
    const header = app.shell._topWrapper;
    (header && header.parent ? header.parent : app.shell).fit();
  }

  async function dropFrame(panel) {
    // The frame drawn with the page's first paint (the title, "Python is starting…", the opening text) gives way once
    // the lesson's own first text is drawn beneath it (a markdown cell renders a moment after the notebook loads).
    const frame = document.getElementById('euchre-frame');
    if (!frame) return;
    const started = Date.now();
    const drawn = () => {
      const cell = panel.content.widgets.find(c => c.model.type === 'markdown' && !c.hasClass('euchre-hidden'));
      const text = cell && cell.node.querySelector('.jp-RenderedMarkdown');
      return !cell || (text && text.innerText.trim() && text.offsetHeight > 0);
    };
    while (!panel.isDisposed && !drawn() && Date.now() - started < 10000) {
      await new Promise(done => requestAnimationFrame(done));
    }
    frame.remove();
    mark('unframed');
  }

  function lessonPage(app, panel, CodeCell, Widget) {
    document.body.classList.add('euchre-lesson-page');
    panel.addClass('euchre-lesson');
    if (TITLES[panel.context.path]) showTitle(app, Widget, titleOf(panel));
    const bar = lessonBar(app, Widget);
    const status = bar.firstChild;
    const words = wordsOf(panel.context.path);
    status.textContent = words.starting;
    bar.lastChild.textContent = words.code;
    bar.lastChild.href = '../lab/index.html?path=' + encodeURIComponent(panel.context.path);
    panel.toolbar.hide();  // its one item, the bar, is in the header: the lesson gets the toolbar's height
    const model = panel.context.model;
    model.stateChanged.connect((_, change) => {
      if (change.name === 'dirty' && change.newValue) model.dirty = false;  // a lesson page never saves
    });
    // Where the page is (starting, running, ready or stopped), for the browser tests and bench/site.py.
    panel.node.dataset.euchreLesson = 'starting';
    TIMES.cells = [];
    mark('opened');
    panel.sessionContext.statusChanged.connect((_, status) => {
      if (status === 'idle' && !TIMES.python) mark('python');  // the kernel has booted
    });
    panel.context.ready.then(async () => {
      const cells = panel.content.widgets;
      const shown = cellsToShow(cells);
      cells.forEach((cell, i) => {
        cell.readOnly = true;
        if (!shown[i]) cell.addClass('euchre-hidden');
        if (cell.model.type === 'code') cell.model.sharedModel.transact(() => cell.model.outputs.clear());
      });
      model.dirty = false;
      mark('shown');
      showTitle(app, Widget, titleOf(panel));
      dropFrame(panel);
      scrollToAnchor(panel, window.location.hash);
      await panel.sessionContext.ready;
      mark('session');
      const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
      if (kernel) await kernel.requestExecute({ code: FRESH, silent: true, store_history: false }).done;
      for (const [i, cell] of cells.entries()) {
        if (panel.isDisposed) return;  // the learner went on to another lesson
        if (!shown[i] || cell.model.type !== 'code') continue;
        const started = performance.now() / 1000;
        const reply = await CodeCell.execute(cell, panel.sessionContext);
        TIMES.cells.push([started, performance.now() / 1000]);
        status.textContent = '';
        panel.node.dataset.euchreLesson = 'running';
        if (reply && reply.content.status !== 'ok') {
          status.textContent = words.stopped;
          panel.node.dataset.euchreLesson = 'stopped';
          return;
        }
      }
      status.textContent = '';
      panel.node.dataset.euchreLesson = 'ready';
      scrollToAnchor(panel, window.location.hash);  // the outputs drawn above it have moved it
    });
  }

  async function startPython(app, path) {
    // Python boots in its worker while the page is still being drawn (that takes seconds): the lesson's
    // panel, once open, finds this session by the lesson's path and uses its kernel instead of starting one.
    // Resolves once the session is there (or could not be made).
    const sessions = app.serviceManager.sessions;
    await sessions.ready;
    mark('asked');
    try {
      const early = await sessions.startNew({ path, name: path.slice(path.lastIndexOf('/') + 1), type: 'notebook',
                                              kernel: { name: 'python' } });
      // Only the kernel is kept: a second connection would hear the widgets' comms and close them.
      early.dispose();
    } catch (error) {
      console.warn('euchre-lesson-pages: Python could not be started early; the page starts it', error);
    }
  }

  async function openInPlace(here, target, documents, address) {
    // The lesson's panel gives way to the target's, whose session shares this one's kernel; true if it did. With an
    // address, it goes into the browser's history; without one (Back and Forward), the address is already there.
    const session = here && here.sessionContext.session;
    if (!session || !session.kernel || !target.path.startsWith(LESSONS)) return false;
    const kernel = { id: session.kernel.id, name: session.kernel.name };
    if (address) window.history.pushState(null, '', address);
    await documents.closeFile(here.context.path);
    documents.open(target.path, 'Notebook', kernel, { ref: '_noref' });  // _noref: in this page, not a new tab
    return true;
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
    // The cells above draw as they come into view and can push the rule away again (on a busy machine, seconds
    // later): it is brought back until it has stayed at the top for a second, or the reader scrolls.
    let reader = false;
    for (const kind of ['wheel', 'keydown', 'touchstart', 'mousedown']) {
      window.addEventListener(kind, () => { reader = true; }, { once: true, capture: true });
    }
    const started = Date.now();
    for (let held = 0; held < 10 && !reader && Date.now() - started < 60000;) {
      await new Promise(done => setTimeout(done, 100));
      const node = notebook.widgets[index].node;
      const view = notebook.node.getBoundingClientRect(), top = node.getBoundingClientRect().top;
      if (node.offsetParent && top >= view.top - 2 && top < view.top + view.height * 0.25) held += 1;
      else {
        held = 0;
        if (node.offsetParent) node.scrollIntoView({ block: 'start' });
        else await notebook.scrollToItem(index, 'start');
      }
    }
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

  function plugin(notebookModule, cellsModule, widgetsModule, docmanagerModule, statedbModule) {
    return {
      id: NAME + ':plugin',
      description: 'Lessons as pages, and rule links that land on the rule.',
      autoStart: true,
      requires: [notebookModule.INotebookTracker, docmanagerModule.IDocumentManager, statedbModule.IStateDB],
      activate(app, tracker, documents, state) {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = STYLE;
        // The header's height comes from this style sheet (a second row on a phone): the shell measures it again
        // once the sheet is in, and when the screen turns across a phone's width.
        const refit = () => refitHeader(app);
        link.addEventListener('load', refit);
        window.matchMedia('(max-width: 600px)').addEventListener('change', refit);
        document.head.appendChild(link);
        const path = new URLSearchParams(window.location.search).get('path') || '';
        if (IS_NOTEBOOK_APP && path.startsWith(LESSONS) && path.endsWith('.ipynb')) {
          mark('activated');
          const python = startPython(app, path);
          // A lesson the build knows (so it exists) opens as soon as the app has started, Python's session is there
          // (the lesson's panel finds it, and starts no second Python) and the workspace's state is loaded (a new
          // visitor's browser makes its stores then, and the storage library fails if the lesson's files are asked
          // for meanwhile). JupyterLite's own opener also waits until that state is saved, a save held back until the
          // state has been still for half a second: a second or more on a busy page. It then finds the lesson open,
          // and only shows it.
          if (TITLES[path]) {
            Promise.all([app.started, python, state.fetch(NAME)]).then(() => {
              documents.openOrReveal(path, 'Notebook', undefined, { ref: '_noref' });
            });
          }
        }
        if (IS_NOTEBOOK_APP) {
          // JupyterLab focuses a lesson's first cell as it opens, and the browser rings it as if the reader had
          // tabbed there: the title sat in a blue frame. A cell's ring waits for the first Tab (lesson_pages.css).
          window.addEventListener('keydown', event => {
            if (event.key === 'Tab') document.body.classList.add('euchre-keyboard');
          }, true);
          // Back and Forward: the address says which lesson; it opens in place on the same Python, as a link does
          // (a reload would boot Python again: many seconds). With no Python yet, the page shows it afresh.
          window.addEventListener('popstate', async () => {
            const target = { path: new URLSearchParams(window.location.search).get('path') || '',
                             hash: window.location.hash };
            const here = tracker.currentWidget;
            if (here && here.context.path === target.path) return scrollToAnchor(here, target.hash);
            if (!(await openInPlace(here, target, documents, null))) window.location.reload();
          });
          tracker.widgetAdded.connect((_, panel) => {
            if (panel.context.path.startsWith(LESSONS)) {
              lessonPage(app, panel, cellsModule.CodeCell, widgetsModule.Widget);
            }
          });
        } else {
          // JupyterLab on a phone: the file browser would cover two thirds of the lesson, so it starts closed. The
          // site opens the file in the browser some time after the layout is restored: until the reader touches the
          // page (or for 10 s), the browser is closed again whenever it opens.
          if (window.matchMedia('(max-width: 600px)').matches) {
            let reader = false;
            window.addEventListener('pointerdown', () => { reader = true; }, { once: true, capture: true });
            const started = Date.now();
            const close = () => {
              if (reader || Date.now() - started > 10000) return;
              if (!app.shell.leftCollapsed) app.shell.collapseLeft();
              setTimeout(close, 200);
            };
            app.restored.then(close);
          }
        }
        document.addEventListener('click', async event => {
          const target = notebookLink(event, tracker);
          if (!target || event.button !== 0) return;
          event.preventDefault();
          event.stopPropagation();
          const here = tracker.currentWidget;
          if (here && here.context.path === target.path) return scrollToAnchor(here, target.hash);
          if (IS_NOTEBOOK_APP) {
            // One lesson a page: the Notebook app opens the other one in place of this one, on the same Python
            // (a new page would boot Python again: many seconds); with no Python yet, as a new page.
            const address = '?path=' + encodeURIComponent(target.path) + target.hash;
            if (!(await openInPlace(here, target, documents, address))) window.location.assign(address);
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
      const modules = ['@jupyterlab/notebook', '@jupyterlab/cells', '@lumino/widgets', '@jupyterlab/docmanager',
                       '@jupyterlab/statedb'];
      return Promise.all(modules.map(shared)).then(found => () => plugin(...found));
    }
  };
})();
