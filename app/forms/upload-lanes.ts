// At most MAX_UPLOADS_AT_ONCE_PER_USER files at once: the server refuses a person one more (decision 0021).

import { MAX_UPLOADS_AT_ONCE_PER_USER } from "~/domain/upload-rules";

export interface UploadLanes {
  run<T>(send: () => Promise<T>, onWait?: () => void): Promise<T>;
}

export function uploadLanes(lanes = MAX_UPLOADS_AT_ONCE_PER_USER): UploadLanes {
  let busy = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(send, onWait) {
      if (busy < lanes) {
        busy += 1;
      } else {
        onWait?.();
        // The lane is handed over as it frees (busy stays), so no later file overtakes a waiting one.
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      try {
        return await send();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else busy -= 1;
      }
    },
  };
}
