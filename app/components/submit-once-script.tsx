// A page without scripts (decision 0015) still sends one post per press when the browser runs
// JavaScript: these few bytes of inline script refuse a second submit of a form whose post is on its
// way, as the SubmitButton does on a page that hydrates. A double press on 「申し込む」 or 「同意する」
// then sends one request (the server still answers a replay safely: changeEntryOnce). The page shown
// again from the back-forward cache may be sent again. Not rendered on a page that hydrates: there
// Remix's own submissions (several per page: add a claim, search) must not be held back.

import { useNonce } from "~/components/nonce";

export const SUBMIT_ONCE_SCRIPT =
  "(function(){var k='sakidoriSent';addEventListener('submit',function(e){var f=e.target;" +
  "if(f.dataset[k]){e.preventDefault();return}f.dataset[k]='1'},true);" +
  "addEventListener('pageshow',function(){document.querySelectorAll('form').forEach(function(f){delete f.dataset[k]})})})()";

export function SubmitOnceScript() {
  const nonce = useNonce();
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SUBMIT_ONCE_SCRIPT }} />;
}
