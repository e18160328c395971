// §2 entry layout: the application wizard, with the account navigation.

import { layoutRoute } from "~/components/page-frame";

const layout = layoutRoute({ navigation: "account", footer: true, narrow: true });
export default layout.Layout;
export const ErrorBoundary = layout.ErrorBoundary;
