// On a page without scripts (decision 0015), a few bytes of inline script refuse a second submit while
// a post is on its way; not on a page that hydrates, whose Remix submissions must not be held.

import { useNonce } from "~/components/nonce";

export const SUBMIT_ONCE_SCRIPT =
  "(function(){var k='sakidoriSent';addEventListener('submit',function(e){var f=e.target;" +
  "if(f.dataset[k]){e.preventDefault();return}f.dataset[k]='1'},true);" +
  "addEventListener('pageshow',function(){document.querySelectorAll('form').forEach(function(f){delete f.dataset[k]})})})()";

export function SubmitOnceScript() {
  const nonce = useNonce();
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SUBMIT_ONCE_SCRIPT }} />;
}
