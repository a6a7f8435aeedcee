// The site in the learner's language (issue 38, 4): a JupyterLab extension of the site, written as a plain federated
// module (no build step), as lesson-pages is.
//
// JupyterLite shows JupyterLab's own words (menus, dialogs, the kernel's status) in the language of the interface
// setting (@jupyterlab/translation-extension:plugin, `locale`), from the language packs installed when the site was
// built (api/translations/). Its "default" is English. So on a page's start this extension chooses, once, the
// language the learner wants, in this order:
//   - a lesson of a language's folder (notebooks/fr/...): that language, kept for the next pages;
//   - the language the learner chose on the site before (kept in localStorage);
//   - where the learner never chose one in JupyterLab's own menu, the browser's first language the site has
//     (navigator.languages).
// A language whose pack the site carries becomes the interface's setting (kept by JupyterLite in the browser), and
// the page loads again once, in it; JupyterLab's Settings ▸ Language menu switches it after, as anywhere.
var _JUPYTERLAB = (window._JUPYTERLAB = window._JUPYTERLAB || {});
(function () {
  'use strict';
  const NAME = 'euchre-lesson-language';
  const SETTING = '@jupyterlab/translation-extension:plugin';
  const KEPT = 'euchre-lesson-language';  // the language the learner chose on the site (a code: fr, et, en)
  const TRIED = 'euchre-lesson-language-tried';  // this tab reloaded for it once already: never again
  const SET = 'euchre-lesson-language-set';  // the interface's language as this extension last set it
  let scope = null;

  function shared(name) {
    const versions = scope[name];
    const entry = Object.values(versions).find(e => e.loaded) || Object.values(versions)[0];
    return Promise.resolve(entry.get()).then(factory => factory());
  }

  async function packs(base) {
    // The site's language packs by language code: {fr: 'fr_FR', et: 'et_EE'}, read from what the build wrote.
    try {
      const reply = await fetch(base + 'api/translations/all.json');
      const found = {};
      for (const locale of Object.keys((await reply.json()).data || {})) {
        found[locale.split(/[_-]/)[0].toLowerCase()] = locale;
      }
      return found;
    } catch (error) {
      return {};
    }
  }

  function wanted(available, chosenInMenu) {
    const path = new URLSearchParams(window.location.search).get('path') || '';
    const folder = (path.match(/^notebooks\/([a-z]{2,3})\//) || [])[1];
    if (folder && available[folder]) {
      window.localStorage.setItem(KEPT, folder);
      return folder;
    }
    const kept = window.localStorage.getItem(KEPT);
    if (kept && (available[kept] || kept === 'en')) return kept;
    if (chosenInMenu) return null;
    const browser = (navigator.languages || [navigator.language || '']).map(tag => tag.split('-')[0].toLowerCase());
    return browser.find(code => available[code] || code === 'en') || null;
  }

  function plugin(registryModule, coreutils) {
    return {
      id: `${NAME}:plugin`,
      description: 'Opens the site in the learner\'s language, from the language packs the site carries.',
      autoStart: true,
      requires: [registryModule.ISettingRegistry],
      async activate(app, registry) {
        const available = await packs(coreutils.PageConfig.getBaseUrl());
        const settings = await registry.load(SETTING);
        const locale = settings.get('locale');
        const now = locale.composite === 'default' ? 'en' : locale.composite;
        document.documentElement.dataset.euchreLanguage = now;  // what the interface speaks (the tests read it)
        // A language chosen in JupyterLab's own menu (not set here) is the learner's: kept, unless a lesson's folder
        // asks for another.
        const code = wanted(available, locale.user !== undefined && locale.user !== window.localStorage.getItem(SET));
        if (!code) return;
        const target = code === 'en' ? 'en' : available[code];
        if (target === now || window.sessionStorage.getItem(TRIED) === target) return;
        window.sessionStorage.setItem(TRIED, target);
        window.localStorage.setItem(SET, target);
        await settings.set('locale', target);
        window.location.reload();
      }
    };
  }

  _JUPYTERLAB[NAME] = {
    init(shareScope) {
      scope = shareScope;
    },
    get(module) {
      if (module !== './extension') return Promise.reject(new Error(`${NAME} has no module ${module}`));
      const modules = ['@jupyterlab/settingregistry', '@jupyterlab/coreutils'];
      return Promise.all(modules.map(shared)).then(found => () => plugin(...found));
    }
  };
})();
