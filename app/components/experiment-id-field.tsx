// §7 register's experiment-user identifier from local storage, added by a few bytes of inline script
// so the register page needs no scripts (decision 0015); absent without JavaScript.

import { useNonce } from "~/components/nonce";
import { EXPERIMENT_STORAGE_KEY } from "~/runtime/experiment-user-id";

/** Adds `experiment_user_id` to the form it stands in, from local storage, when one is stored. */
const ADD_FIELD_SCRIPT =
  "(function(s){try{var v=localStorage.getItem('" +
  EXPERIMENT_STORAGE_KEY +
  "');if(v){var i=document.createElement('input');i.type='hidden';i.name='experiment_user_id';i.value=v;" +
  "s.parentNode.insertBefore(i,s)}}catch(e){}})(document.currentScript)";

export function ExperimentIdField() {
  const nonce = useNonce();
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ADD_FIELD_SCRIPT }} />;
}
