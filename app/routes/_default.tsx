// §2 default layout.

import { layoutRoute } from "~/components/page-frame";

const layout = layoutRoute({ navigation: "none", footer: true, narrow: true });
export default layout.Layout;
export const ErrorBoundary = layout.ErrorBoundary;
