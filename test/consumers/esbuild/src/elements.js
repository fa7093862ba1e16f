// A theme that uses every element.
import 'cart-widget/elements';
