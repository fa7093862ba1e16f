import type { LanguagePack } from '../messages.js';

// Arabic has six plural forms: zero, one, two, few (3–10), many (11–99) and other (100…).
// Intl.PluralRules picks the form; each names the count in the way Arabic needs it.
const plural = new Intl.PluralRules('ar');
const form = (count: number, forms: Record<'zero' | 'one' | 'two' | 'few' | 'many' | 'other', string>) =>
  forms[plural.select(count) as keyof typeof forms] ?? forms.other;

/**
 * Arabic (right-to-left: the elements use logical CSS, and follow the page's `dir`). Most strings
 * first appeared on the theming demo (demo/theming.html).
 */
const ar: LanguagePack = {
  // --- shared ---
  tryAgain: 'حاول مرة أخرى',
  loading: 'جارٍ التحميل…',
  genericError: 'حدث خطأ ما. يُرجى المحاولة مرة أخرى.',
  networkError: 'تعذّر الاتصال بالمتجر. تحقّق من اتصالك وحاول مرة أخرى.',
  timeoutError: 'استغرق المتجر وقتًا طويلًا في الرد. يُرجى المحاولة مرة أخرى.',
  busyError: 'المتجر مشغول حاليًا. يُرجى الانتظار قليلًا ثم المحاولة مرة أخرى.',
  shopTrouble: 'يواجه المتجر مشكلة حاليًا. يُرجى المحاولة مرة أخرى بعد قليل.',
  notAllowed: 'لم يسمح المتجر بهذا الطلب.',
  notFound: 'لم يعثر المتجر على المطلوب.',
  requestRefused: 'تعذّر على المتجر إتمام هذا الطلب. تحقّق منه وحاول مرة أخرى.',
  notOffered: 'لا يوفّر هذا المتجر هذه الخدمة هنا.',
  lineGone: 'لم يعد هذا المنتج في سلتك.',
  unreadable: 'أرسل المتجر ردًا تعذّرت علينا قراءته. يُرجى المحاولة مرة أخرى.',
  outcomeUnknown: 'انقطع الاتصال قبل أن يرد المتجر. هذه سلتك كما هي لدى المتجر الآن.',

  // --- <add-to-cart> ---
  addToCart: 'أضف إلى السلة',
  adding: 'جارٍ الإضافة…',
  added: (name) => `تمت إضافة ${name} إلى سلتك.`,
  addedToCart: 'تمت الإضافة إلى سلتك.',

  // --- <cart-drawer> ---
  cart: 'السلة',
  cartCount: (count) =>
    form(count, {
      zero: 'لا توجد منتجات',
      one: 'منتج واحد',
      two: 'منتجان',
      few: `${count} منتجات`,
      many: `${count} منتجًا`,
      other: `${count} منتج`,
    }),
  close: 'إغلاق',
  emptyCart: 'سلتك فارغة.',
  loadError: 'تعذّر تحميل سلتك.',
  quantityFor: (name) => `الكمية من ${name}`,
  decrease: (name) => `إنقاص كمية ${name}`,
  increase: (name) => `زيادة كمية ${name}`,
  // The button shows the short word; the name read out adds the product (and starts with that word).
  remove: (name) => `إزالة ${name}`,
  removeShort: 'إزالة',
  removed: (name) => `تمت إزالة ${name}.`,
  undo: 'تراجع',
  undoLabel: (name) => `تراجع عن إزالة ${name}`,
  recentlyRemoved: 'المنتجات المُزالة مؤخرًا',
  restored: (name) => `تمت إعادة ${name} إلى سلتك.`,
  cartItems: 'المنتجات في سلتك',
  inBox: (quantity) => `× ${quantity}`,
  unitPrice: 'السعر',
  lineTotal: 'الإجمالي',
  boxContents: 'في هذا الصندوق',
  couponCode: 'رمز القسيمة',
  applyCoupon: 'تطبيق',
  removeCoupon: (code) => `إزالة القسيمة ${code}`,
  appliedCoupons: 'القسائم المطبّقة',
  couponRemoved: (code) => `أُزيلت القسيمة ${code}.`,
  couponApplied: (code) => `طُبّقت القسيمة ${code}.`,
  couponEmpty: 'أدخل رمز القسيمة.',
  shipping: 'الشحن',
  shippingTo: (destination) => `الشحن إلى ${destination}`,
  shippingUpdated: (rate) => `طريقة الشحن: ${rate}.`,
  calculatedAtCheckout: 'يُحسب عند إتمام الشراء',
  // Said of "طريقة الشحن" (feminine).
  rateSelected: '(المختارة)',
  shippingChosenAtCheckout: 'يمكنك تغيير طريقة الشحن عند إتمام الشراء.',
  signedInCheckoutNote: 'عند إتمام الشراء، سجّل الدخول إلى المتجر بالحساب نفسه: سلتك محفوظة هناك.',
  notMerged: (names) => `تعذّر نقل ${names} من سلة الزائر إلى سلة حسابك.`,
  notMergedYet: (names) => `لم نتمكن بعد من نقل ${names} من سلة الزائر إلى سلة حسابك، لذا يجب أن ينتظر إتمام الشراء. يُرجى المحاولة مرة أخرى بعد قليل.`,
  free: 'مجانًا',
  subtotal: 'المجموع الفرعي',
  discount: 'الخصم',
  fees: 'الرسوم',
  tax: 'الضريبة',
  total: 'الإجمالي',
  crossSells: 'قد يعجبك أيضًا',
  addNamed: (name) => `أضف ${name} إلى السلة`,
  addShort: 'أضف',
  regularPrice: 'السعر الأصلي',
  salePrice: 'سعر التخفيض',
  checkout: 'إتمام الشراء',
  quantityUpdated: (name, quantity) => `${name}: الكمية ${quantity}.`,
  quantityRolledBack: (name) => `تعذّر تغيير كمية ${name}.`,
  quantityLimit: (max) => `المتوفر ${max} فقط.`,
  removeFailed: (name) => `تعذّرت إزالة ${name}.`,
  restoreFailed: (name) => `تعذّرت إعادة ${name} إلى سلتك.`,
  addFailed: (name) => `تعذّرت إضافة ${name} إلى سلتك.`,
  shippingFailed: 'تعذّر تغيير طريقة الشحن.',
  couponFailed: (code) => `تعذّر تطبيق القسيمة ${code}.`,
  couponRemoveFailed: (code) => `تعذّرت إزالة القسيمة ${code}.`,
  calculateShipping: 'احسب تكلفة الشحن',
  changeAddress: 'تغيير العنوان',
  shippingAddress: 'عنوان الشحن',
  country: 'الدولة',
  stateRegion: 'الولاية / المنطقة',
  postcode: 'الرمز البريدي',
  updateEstimate: 'تحديث',
  cancel: 'إلغاء',
  chooseState: 'اختر الولاية أو المنطقة.',
  postcodeNotValid: (country) => `هذا الرمز البريدي غير صالح في ${country}. تحقّق منه وحاول مرة أخرى.`,
  countryNotShipped: (country) => `لا يشحن المتجر إلى ${country}.`,
  stateNotValid: 'لا يتعرّف المتجر على هذه الولاية أو المنطقة.',
  estimateFailed: 'تعذّر حساب تكلفة الشحن.',
  estimateNeedsItems: 'سلتك فارغة: أضف منتجًا لترى تكلفة الشحن.',
  estimateNotOffered: 'يحسب هذا المتجر تكلفة الشحن عند إتمام الشراء.',
  ratesForShopRegion: 'الأسعار المعروضة لمنطقة المتجر؛ تُحدَّد التكلفة النهائية عند إتمام الشراء.',

  // --- <login-form> ---
  identifier: 'اسم المستخدم أو البريد الإلكتروني أو الهاتف',
  password: 'كلمة المرور',
  keepSignedIn: 'إبقائي مسجّلًا الدخول',
  signIn: 'تسجيل الدخول',
  signingIn: 'جارٍ تسجيل الدخول…',
  signedInAs: (name) => `مسجّل الدخول باسم ${name}`,
  signOut: 'تسجيل الخروج',
  identifierRequired: 'أدخل اسم المستخدم أو البريد الإلكتروني أو الهاتف.',
  passwordRequired: 'أدخل كلمة المرور.',
  twoFactorTitle: 'التحقق بخطوتين',
  verificationMethod: 'طريقة التحقق',
  verificationCode: 'رمز التحقق',
  codeRequired: 'أدخل رمز التحقق.',
  emailSent: 'أرسلنا رمز تحقق إلى بريدك الإلكتروني.',
  verify: 'تحقّق',
  sendNewCode: 'أرسل رمزًا جديدًا',
  back: 'رجوع',
  invalidCode: 'هذا الرمز غير صالح. تحقّق منه وحاول مرة أخرى.',
  invalidProvider: (provider) => `طريقة التحقق «${provider}» غير متاحة.`,
  providerName: (provider) =>
    ({ email: 'البريد الإلكتروني', totp: 'تطبيق المصادقة', backup: 'رمز احتياطي' })[provider] ?? provider,
  verifying: 'جارٍ التحقق…',
  codeSent: 'أرسلنا رمزًا جديدًا إلى بريدك الإلكتروني.',
  signInFailed: 'اسم المستخدم أو البريد الإلكتروني أو الهاتف أو كلمة المرور غير صحيح.',
  insecureConnection: 'يتطلب تسجيل الدخول اتصالًا آمنًا (https) بالمتجر.',
  sessionEnded: 'انتهت جلستك. يُرجى تسجيل الدخول مرة أخرى.',
  signedOutElsewhere: 'سُجّل خروجك في نافذة أخرى.',

  // --- <mnm-container-picker> ---
  quantityOf: (name) => `كمية ${name}`,
  containerQuantity: 'عدد الصناديق',
  fewer: (name) => `أزِل واحدًا من ${name}`,
  more: (name) => `أضف واحدًا من ${name}`,
  selected: (count, min, max) =>
    max === null
      ? min > 0 ? `اخترت ${count} من ${min} على الأقل` : `اخترت ${count}`
      : `اخترت ${count} من ${min === max ? max : `${min}–${max}`}`,
  chooseMore: (n) =>
    form(n, {
      zero: `اختر ${n} منتج آخر`,
      one: 'اختر منتجًا آخر',
      two: 'اختر منتجين آخرين',
      few: `اختر ${n} منتجات أخرى`,
      many: `اختر ${n} منتجًا آخر`,
      other: `اختر ${n} منتج آخر`,
    }),
  removeSome: (n) =>
    form(n, {
      zero: `أكثر من اللازم: أزِل ${n} منتج`,
      one: 'أكثر من اللازم: أزِل منتجًا واحدًا',
      two: 'أكثر من اللازم: أزِل منتجين',
      few: `أكثر من اللازم: أزِل ${n} منتجات`,
      many: `أكثر من اللازم: أزِل ${n} منتجًا`,
      other: `أكثر من اللازم: أزِل ${n} منتج`,
    }),
  selectionComplete: 'صندوقك جاهز.',
  outOfStock: 'نفد من المخزون',
  boxPrice: 'سعر الصندوق',
  boxAdded: 'أُضيف صندوقك إلى السلة.',
  boxError: 'تعذّرت إضافة صندوقك. تحقّق من اختيارك وحاول مرة أخرى.',
  boxLoadError: 'تعذّر تحميل هذا الصندوق.',

  // --- <cart-count> ---
  itemsInCart: (count) =>
    form(count, {
      zero: 'سلتك فارغة',
      one: 'منتج واحد في سلتك',
      two: 'منتجان في سلتك',
      few: `${count} منتجات في سلتك`,
      many: `${count} منتجًا في سلتك`,
      other: `${count} منتج في سلتك`,
    }),
  cartTotalIs: (total) => `إجمالي السلة: ${total}`,
  cartSubtotalIs: (subtotal) => `المجموع الفرعي للسلة: ${subtotal}`,
};

export default ar;
