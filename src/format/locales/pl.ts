import type { LanguagePack } from '../messages.js';

// Polish has three forms for whole numbers: 1 produkt, 2–4 produkty, 5–21 produktów (22–24
// produkty again…), plus "other" for fractions. Intl.PluralRules knows which is which.
const plural = new Intl.PluralRules('pl');
const form = (count: number, forms: { one: string; few: string; many: string; other: string }) =>
  forms[plural.select(count) as keyof typeof forms] ?? forms.other;

/**
 * Polish. A product's name is not declined, so sentences put it after a colon or where the
 * nominative reads naturally.
 */
const pl: LanguagePack = {
  // --- shared ---
  tryAgain: 'Spróbuj ponownie',
  loading: 'Ładowanie…',
  genericError: 'Coś poszło nie tak. Spróbuj ponownie.',
  networkError: 'Nie udało się połączyć ze sklepem. Sprawdź połączenie i spróbuj ponownie.',
  timeoutError: 'Sklep zbyt długo nie odpowiadał. Spróbuj ponownie.',
  busyError: 'Sklep jest teraz przeciążony. Poczekaj chwilę i spróbuj ponownie.',
  shopTrouble: 'Sklep ma obecnie problemy. Spróbuj ponownie za chwilę.',
  notAllowed: 'Sklep nie zezwolił na tę operację.',
  notFound: 'Sklep nie znalazł tego, o co poproszono.',
  requestRefused: 'Sklep nie mógł wykonać tej operacji. Sprawdź dane i spróbuj ponownie.',
  notOffered: 'Ten sklep nie oferuje tu tej funkcji.',
  lineGone: 'Tego produktu nie ma już w Twoim koszyku.',
  unreadable: 'Nie udało się odczytać odpowiedzi sklepu. Spróbuj ponownie.',
  outcomeUnknown: 'Połączenie zostało przerwane, zanim sklep odpowiedział. Oto aktualny stan Twojego koszyka w sklepie.',

  // --- <add-to-cart> ---
  addToCart: 'Dodaj do koszyka',
  adding: 'Dodawanie…',
  added: (name) => `Dodano do koszyka: ${name}.`,
  addedToCart: 'Dodano do koszyka.',

  // --- <cart-drawer> ---
  cart: 'Koszyk',
  cartCount: (count) =>
    `${count} ${form(count, { one: 'produkt', few: 'produkty', many: 'produktów', other: 'produktu' })}`,
  close: 'Zamknij',
  emptyCart: 'Twój koszyk jest pusty.',
  loadError: 'Nie udało się wczytać koszyka.',
  quantityFor: (name) => `Ilość: ${name}`,
  decrease: (name) => `Zmniejsz ilość: ${name}`,
  increase: (name) => `Zwiększ ilość: ${name}`,
  remove: (name) => `Usuń: ${name}`,
  removeShort: 'Usuń',
  removed: (name) => `Usunięto: ${name}.`,
  undo: 'Cofnij',
  undoLabel: (name) => `Cofnij usunięcie: ${name}`,
  recentlyRemoved: 'Ostatnio usunięte',
  restored: (name) => `Przywrócono do koszyka: ${name}.`,
  cartItems: 'Produkty w koszyku',
  inBox: (quantity) => `× ${quantity}`,
  unitPrice: 'Cena',
  lineTotal: 'Wartość',
  boxContents: 'W tym zestawie',
  couponCode: 'Kod rabatowy',
  applyCoupon: 'Zastosuj',
  removeCoupon: (code) => `Usuń kod rabatowy ${code}`,
  appliedCoupons: 'Zastosowane kody rabatowe',
  couponRemoved: (code) => `Usunięto kod rabatowy ${code}.`,
  couponApplied: (code) => `Zastosowano kod rabatowy ${code}.`,
  couponEmpty: 'Wpisz kod rabatowy.',
  shipping: 'Dostawa',
  shippingTo: (destination) => `Adres dostawy: ${destination}`,
  shippingUpdated: (rate) => `Sposób dostawy: ${rate}.`,
  // Said of shipping only: agrees with „dostawa”.
  calculatedAtCheckout: 'Obliczana przy składaniu zamówienia',
  // The impersonal form agrees with no gender.
  rateSelected: '(wybrano)',
  shippingChosenAtCheckout: 'Sposób dostawy możesz zmienić przy składaniu zamówienia.',
  signedInCheckoutNote: 'Przy składaniu zamówienia zaloguj się w sklepie na to samo konto: tam czeka Twój koszyk.',
  notMerged: (names) => `Nie udało się przenieść z koszyka gościa do koszyka na Twoim koncie: ${names}.`,
  notMergedYet: (names) => `Nie udało się jeszcze przenieść z koszyka gościa do koszyka na Twoim koncie: ${names}. Do tego czasu zamówienie musi poczekać. Spróbuj ponownie za chwilę.`,
  free: 'Bezpłatnie',
  subtotal: 'Suma częściowa',
  discount: 'Rabat',
  fees: 'Opłaty',
  tax: 'VAT',
  total: 'Razem',
  crossSells: 'Może Ci się spodobać',
  addNamed: (name) => `Dodaj do koszyka: ${name}`,
  addShort: 'Dodaj',
  regularPrice: 'Cena regularna',
  salePrice: 'Cena promocyjna',
  checkout: 'Przejdź do kasy',
  quantityUpdated: (name, quantity) => `${name}: ilość ${quantity}.`,
  quantityRolledBack: (name) => `Nie udało się zmienić ilości: ${name}.`,
  quantityLimit: (max) =>
    form(max, {
      one: `Dostępna tylko ${max} sztuka.`,
      few: `Dostępne tylko ${max} sztuki.`,
      many: `Dostępnych tylko ${max} sztuk.`,
      other: `Dostępne tylko ${max} sztuki.`,
    }),
  removeFailed: (name) => `Nie udało się usunąć: ${name}.`,
  restoreFailed: (name) => `Nie udało się przywrócić do koszyka: ${name}.`,
  addFailed: (name) => `Nie udało się dodać do koszyka: ${name}.`,
  shippingFailed: 'Nie udało się zmienić sposobu dostawy.',
  couponFailed: (code) => `Nie udało się zastosować kodu rabatowego ${code}.`,
  couponRemoveFailed: (code) => `Nie udało się usunąć kodu rabatowego ${code}.`,
  // „Dostawa” as everywhere in this pack (WooCommerce says „Oblicz koszt wysyłki”).
  calculateShipping: 'Oblicz koszt dostawy',
  changeAddress: 'Zmień adres',
  shippingAddress: 'Adres dostawy',
  country: 'Kraj',
  stateRegion: 'Stan / region',
  postcode: 'Kod pocztowy',
  updateEstimate: 'Aktualizuj',
  cancel: 'Anuluj',
  chooseState: 'Wybierz stan lub region.',
  // The country's name is not declined: it comes in brackets or after a colon.
  postcodeNotValid: (country) => `Kod pocztowy jest nieprawidłowy dla wybranego kraju (${country}). Sprawdź go i spróbuj ponownie.`,
  countryNotShipped: (country) => `Sklep nie wysyła do tego kraju: ${country}.`,
  stateNotValid: 'Sklep nie rozpoznaje tego stanu lub regionu.',
  estimateFailed: 'Nie udało się obliczyć kosztu dostawy.',
  estimateNeedsItems: 'Twój koszyk jest pusty: dodaj coś, aby zobaczyć koszt dostawy.',
  estimateNotOffered: 'Ten sklep oblicza koszt dostawy przy składaniu zamówienia.',
  ratesForShopRegion: 'Stawki dotyczą regionu sklepu; ostateczny koszt zostanie ustalony przy składaniu zamówienia.',

  // --- <login-form> ---
  identifier: 'Nazwa użytkownika, e-mail lub telefon',
  password: 'Hasło',
  keepSignedIn: 'Nie wylogowuj mnie',
  signIn: 'Zaloguj się',
  signingIn: 'Logowanie…',
  signedInAs: (name) => `Zalogowano jako ${name}`,
  signOut: 'Wyloguj się',
  identifierRequired: 'Wpisz nazwę użytkownika, e-mail lub numer telefonu.',
  passwordRequired: 'Wpisz hasło.',
  twoFactorTitle: 'Weryfikacja dwuetapowa',
  verificationMethod: 'Metoda weryfikacji',
  verificationCode: 'Kod weryfikacyjny',
  codeRequired: 'Wpisz kod weryfikacyjny.',
  emailSent: 'Wysłaliśmy kod weryfikacyjny na Twój adres e-mail.',
  verify: 'Zweryfikuj',
  sendNewCode: 'Wyślij nowy kod',
  back: 'Wstecz',
  invalidCode: 'Ten kod jest nieprawidłowy. Sprawdź go i spróbuj ponownie.',
  invalidProvider: (provider) => `Metoda weryfikacji „${provider}” jest niedostępna.`,
  providerName: (provider) =>
    ({ email: 'E-mail', totp: 'Aplikacja uwierzytelniająca', backup: 'Kod zapasowy' })[provider] ?? provider,
  verifying: 'Weryfikowanie…',
  codeSent: 'Wysłaliśmy nowy kod na Twój adres e-mail.',
  signInFailed: 'Nazwa użytkownika, e-mail, telefon lub hasło są nieprawidłowe.',
  insecureConnection: 'Logowanie wymaga bezpiecznego połączenia (https) ze sklepem.',
  sessionEnded: 'Twoja sesja wygasła. Zaloguj się ponownie.',
  signedOutElsewhere: 'Wylogowano Cię w innym oknie.',

  // --- <mnm-container-picker> ---
  quantityOf: (name) => `Ilość: ${name}`,
  containerQuantity: 'Liczba zestawów',
  fewer: (name) => `O jeden mniej: ${name}`,
  more: (name) => `O jeden więcej: ${name}`,
  selected: (count, min, max) =>
    max === null
      ? min > 0 ? `Wybrano ${count} (min. ${min})` : `Wybrano ${count}`
      : `Wybrano ${count} z ${min === max ? max : `${min}–${max}`}`,
  chooseMore: (n) => `Wybierz jeszcze ${n}`,
  removeSome: (n) => `Za dużo: usuń ${n}`,
  selectionComplete: 'Twój zestaw jest gotowy.',
  outOfStock: 'Brak w magazynie',
  boxPrice: 'Cena zestawu',
  boxAdded: 'Dodano zestaw do koszyka.',
  boxError: 'Nie udało się dodać zestawu. Sprawdź wybór i spróbuj ponownie.',
  boxLoadError: 'Nie udało się wczytać tego zestawu.',

  // --- <cart-count> ---
  itemsInCart: (count) =>
    `${count} ${form(count, { one: 'produkt', few: 'produkty', many: 'produktów', other: 'produktu' })} w koszyku`,
  cartTotalIs: (total) => `Wartość koszyka: ${total}`,
  cartSubtotalIs: (subtotal) => `Suma częściowa koszyka: ${subtotal}`,
};

export default pl;
