// §2 simple-header-no-footer layout (/pre_entry/result): the brand only, and no footer.

import { layoutRoute } from "~/components/page-frame";

const layout = layoutRoute({ navigation: "none", footer: false, narrow: true });
export default layout.Layout;
export const ErrorBoundary = layout.ErrorBoundary;
