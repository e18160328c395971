// §2 simple-header-no-footer layout: the brand only, no navigation and no footer (the pre-entry
// screening's result).

import { layoutRoute } from "~/components/page-frame";

const layout = layoutRoute({ navigation: "none", footer: false, narrow: true });
export default layout.Layout;
export const ErrorBoundary = layout.ErrorBoundary;
