// Prism's grammars for the menu's languages written in the browser (sample-languages.ts),
// loaded with them: pages built with the others do not carry these.
import 'prismjs/components/prism-clike.js';
import 'prismjs/components/prism-javascript.js';
import 'prismjs/components/prism-python.js';
