// The catalog's field messages join the shared table when the app starts.
import { linksScreens } from './links/links.screens';
import { modelInfoScreens } from './model-info/model-info.screens';
import { productsScreens } from './products/products.screens';

/** The product-information screens (spec §2.5): products, model info, product links. */
export const catalogScreens = [...productsScreens, ...modelInfoScreens, ...linksScreens];
