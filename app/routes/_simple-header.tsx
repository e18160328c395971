// §2 simple-header layout: the brand only, no navigation (unsupported, maintenance).

import { layoutRoute } from "~/components/page-frame";

const layout = layoutRoute({ navigation: "none", footer: true, narrow: true });
export default layout.Layout;
export const ErrorBoundary = layout.ErrorBoundary;
