import type { LanguagePack } from '../messages.js';

// French counts 0 and 1 as singular: Intl.PluralRules knows.
const plural = new Intl.PluralRules('fr');
const items = (count: number) => `${count} ${plural.select(count) === 'one' ? 'article' : 'articles'}`;

/** French (vous). A mix-and-match box is a "coffret". Before ":" and inside « » a no-break space. */
const fr: LanguagePack = {
  // --- shared ---
  tryAgain: 'Réessayer',
  loading: 'Chargement…',
  genericError: 'Une erreur est survenue. Veuillez réessayer.',
  networkError: 'Impossible de joindre la boutique. Vérifiez votre connexion et réessayez.',
  timeoutError: 'La boutique a mis trop de temps à répondre. Veuillez réessayer.',
  busyError: 'La boutique est très sollicitée. Patientez un instant, puis réessayez.',
  shopTrouble: 'La boutique rencontre un problème en ce moment. Veuillez réessayer dans un instant.',
  notAllowed: 'La boutique n’a pas autorisé cette demande.',
  notFound: 'La boutique n’a pas trouvé ce qui lui était demandé.',
  requestRefused: 'La boutique n’a pas pu traiter cette demande. Vérifiez-la et réessayez.',
  notOffered: 'Cette boutique ne propose pas cette fonction ici.',
  lineGone: 'Cet article n’est plus dans votre panier.',
  unreadable: 'La boutique a envoyé une réponse illisible. Veuillez réessayer.',
  outcomeUnknown: 'La connexion a été coupée avant la réponse de la boutique. Voici votre panier tel que la boutique l’a enregistré.',

  // --- <add-to-cart> ---
  addToCart: 'Ajouter au panier',
  adding: 'Ajout en cours…',
  added: (name) => `« ${name} » a été ajouté à votre panier.`,
  addedToCart: 'Ajouté à votre panier.',

  // --- <cart-drawer> ---
  cart: 'Panier',
  cartCount: items,
  close: 'Fermer',
  emptyCart: 'Votre panier est vide.',
  loadError: 'Impossible de charger votre panier.',
  quantityFor: (name) => `Quantité pour ${name}`,
  decrease: (name) => `Diminuer la quantité de ${name}`,
  increase: (name) => `Augmenter la quantité de ${name}`,
  remove: (name) => `Retirer ${name}`,
  removeShort: 'Retirer',
  removed: (name) => `« ${name} » a été retiré du panier.`,
  undo: 'Annuler',
  undoLabel: (name) => `Annuler le retrait de ${name}`,
  recentlyRemoved: 'Retirés récemment',
  restored: (name) => `« ${name} » est de retour dans votre panier.`,
  cartItems: 'Articles de votre panier',
  inBox: (quantity) => `× ${quantity}`,
  unitPrice: 'Prix',
  lineTotal: 'Total',
  boxContents: 'Dans ce coffret',
  couponCode: 'Code promo',
  applyCoupon: 'Appliquer',
  removeCoupon: (code) => `Retirer le code promo ${code}`,
  appliedCoupons: 'Codes promo appliqués',
  couponRemoved: (code) => `Code promo ${code} retiré.`,
  couponApplied: (code) => `Code promo ${code} appliqué.`,
  couponEmpty: 'Saisissez un code promo.',
  shipping: 'Livraison',
  // "en France", "au Canada", "aux États-Unis": the label form needs no article.
  shippingTo: (destination) => `Adresse de livraison : ${destination}`,
  shippingUpdated: (rate) => `Mode de livraison : ${rate}.`,
  // Both are only ever said of shipping, so they agree with « la livraison ».
  calculatedAtCheckout: 'Calculée lors de la commande',
  // Said of « le mode de livraison ».
  rateSelected: '(sélectionné)',
  shippingChosenAtCheckout: 'Vous pourrez changer de mode de livraison lors de la commande.',
  signedInCheckoutNote: 'Lors de la commande, connectez-vous à la boutique avec le même compte : votre panier vous y attend.',
  notMerged: (names) => `Impossible de transférer ${names} de votre panier invité vers le panier de votre compte.`,
  free: 'Gratuit',
  subtotal: 'Sous-total',
  discount: 'Remise',
  fees: 'Frais',
  tax: 'TVA',
  total: 'Total',
  crossSells: 'Vous aimerez aussi',
  addNamed: (name) => `Ajouter ${name} au panier`,
  addShort: 'Ajouter',
  regularPrice: 'Prix normal',
  salePrice: 'Prix promo',
  checkout: 'Commander',
  quantityUpdated: (name, quantity) => `${name} : quantité ${quantity}.`,
  quantityRolledBack: (name) => `Impossible de modifier la quantité de ${name}.`,
  quantityLimit: (max) => (plural.select(max) === 'one' ? `Seulement ${max} disponible.` : `Seulement ${max} disponibles.`),
  removeFailed: (name) => `Impossible de retirer ${name}.`,
  restoreFailed: (name) => `Impossible de remettre ${name} dans votre panier.`,
  addFailed: (name) => `Impossible d’ajouter ${name} à votre panier.`,
  shippingFailed: 'Impossible de changer le mode de livraison.',
  couponFailed: (code) => `Impossible d’appliquer le code promo ${code}.`,
  couponRemoveFailed: (code) => `Impossible de retirer le code promo ${code}.`,
  // « Livraison » as everywhere in this pack (WooCommerce says « Calculer l’expédition »).
  calculateShipping: 'Calculer les frais de livraison',
  changeAddress: 'Modifier l’adresse',
  shippingAddress: 'Adresse de livraison',
  country: 'Pays',
  stateRegion: 'État / Région',
  postcode: 'Code postal',
  updateEstimate: 'Mettre à jour',
  cancel: 'Annuler',
  chooseState: 'Choisissez un État ou une région.',
  // « en France », « au Canada », « aux États-Unis »: the country stands apart, with no preposition.
  postcodeNotValid: (country) => `Ce code postal n’est pas valide pour le pays choisi (${country}). Vérifiez-le et réessayez.`,
  countryNotShipped: (country) => `La boutique ne livre pas dans ce pays : ${country}.`,
  stateNotValid: 'La boutique ne reconnaît pas cet État ou cette région.',
  estimateFailed: 'Impossible de calculer les frais de livraison.',
  estimateNeedsItems: 'Votre panier est vide : ajoutez un article pour voir les frais de livraison.',
  estimateNotOffered: 'Cette boutique calcule les frais de livraison lors de la commande.',
  ratesForShopRegion: 'Les tarifs affichés sont ceux de la région de la boutique. Le montant final est fixé lors de la commande.',

  // --- <login-form> ---
  identifier: 'Identifiant, e-mail ou téléphone',
  password: 'Mot de passe',
  keepSignedIn: 'Rester connecté',
  signIn: 'Se connecter',
  signingIn: 'Connexion…',
  signedInAs: (name) => `Connecté en tant que ${name}`,
  signOut: 'Se déconnecter',
  identifierRequired: 'Saisissez votre identifiant, votre e-mail ou votre téléphone.',
  passwordRequired: 'Saisissez votre mot de passe.',
  twoFactorTitle: 'Validation en deux étapes',
  verificationMethod: 'Méthode de validation',
  verificationCode: 'Code de validation',
  codeRequired: 'Saisissez le code de validation.',
  emailSent: 'Nous avons envoyé un code de validation à votre adresse e-mail.',
  verify: 'Valider',
  sendNewCode: 'Envoyer un nouveau code',
  back: 'Retour',
  invalidCode: 'Ce code n’est pas valide. Vérifiez-le et réessayez.',
  invalidProvider: (provider) => `La méthode de validation « ${provider} » n’est pas disponible.`,
  providerName: (provider) =>
    ({ email: 'E-mail', totp: 'Application d’authentification', backup: 'Code de secours' })[provider] ?? provider,
  verifying: 'Validation…',
  codeSent: 'Nous avons envoyé un nouveau code à votre adresse e-mail.',
  signInFailed: 'L’identifiant, l’e-mail, le téléphone ou le mot de passe est incorrect.',
  insecureConnection: 'La connexion nécessite une liaison sécurisée (https) avec la boutique.',
  sessionEnded: 'Votre session a expiré. Veuillez vous reconnecter.',
  signedOutElsewhere: 'Vous avez été déconnecté dans une autre fenêtre.',

  // --- <mnm-container-picker> ---
  quantityOf: (name) => `Quantité de ${name}`,
  containerQuantity: 'Nombre de coffrets',
  fewer: (name) => `${name} : un de moins`,
  more: (name) => `${name} : un de plus`,
  // "Sélection :" spares the agreement of "sélectionné(s)" with the count.
  selected: (count, min, max) =>
    max === null
      ? min > 0 ? `Sélection : ${count} (minimum ${min})` : `Sélection : ${count}`
      : `Sélection : ${count} sur ${min === max ? max : `${min} à ${max}`}`,
  chooseMore: (n) => `Choisissez-en encore ${n}`,
  removeSome: (n) => `Trop d’articles : retirez-en ${n}`,
  selectionComplete: 'Votre coffret est prêt.',
  outOfStock: 'Rupture de stock',
  boxPrice: 'Prix du coffret',
  boxAdded: 'Votre coffret a été ajouté au panier.',
  boxError: 'Impossible d’ajouter votre coffret. Vérifiez votre sélection et réessayez.',
  boxLoadError: 'Impossible de charger ce coffret.',

  // --- <cart-count> ---
  itemsInCart: (count) => `${items(count)} dans votre panier`,
  cartTotalIs: (total) => `Total du panier : ${total}`,
  cartSubtotalIs: (subtotal) => `Sous-total du panier : ${subtotal}`,
};

export default fr;
