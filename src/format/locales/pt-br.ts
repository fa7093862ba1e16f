import type { LanguagePack } from '../messages.js';

const plural = new Intl.PluralRules('pt-BR');
const one = (count: number) => plural.select(count) === 'one';

/**
 * Brazilian Portuguese (você); also shown for `pt` and `pt-PT`, the only Portuguese that ships.
 * Sentences are built so that no word agrees with a product's unknown gender.
 */
const ptBR: LanguagePack = {
  // --- shared ---
  tryAgain: 'Tentar novamente',
  loading: 'Carregando…',
  genericError: 'Algo deu errado. Tente novamente.',
  networkError: 'Não foi possível acessar a loja. Verifique sua conexão e tente novamente.',
  timeoutError: 'A loja demorou demais para responder. Tente novamente.',
  busyError: 'A loja está sobrecarregada. Aguarde um momento e tente novamente.',
  shopTrouble: 'A loja está com problemas no momento. Tente novamente daqui a pouco.',
  notAllowed: 'A loja não permitiu essa solicitação.',
  notFound: 'A loja não encontrou o que foi solicitado.',
  requestRefused: 'A loja não conseguiu concluir essa solicitação. Confira os dados e tente novamente.',
  notOffered: 'Esta loja não oferece essa opção aqui.',
  lineGone: 'Esse item não está mais no seu carrinho.',
  unreadable: 'A loja enviou uma resposta que não conseguimos ler. Tente novamente.',
  outcomeUnknown: 'A conexão caiu antes de a loja responder. Este é o seu carrinho como está agora na loja.',

  // --- <add-to-cart> ---
  addToCart: 'Adicionar ao carrinho',
  adding: 'Adicionando…',
  added: (name) => `Você adicionou ${name} ao carrinho.`,
  addedToCart: 'Adicionado ao carrinho.',

  // --- <cart-drawer> ---
  cart: 'Carrinho',
  cartCount: (count) => (one(count) ? `${count} item` : `${count} itens`),
  close: 'Fechar',
  emptyCart: 'Seu carrinho está vazio.',
  loadError: 'Não foi possível carregar seu carrinho.',
  quantityFor: (name) => `Quantidade de ${name}`,
  decrease: (name) => `Diminuir a quantidade de ${name}`,
  increase: (name) => `Aumentar a quantidade de ${name}`,
  remove: (name) => `Remover ${name}`,
  removeShort: 'Remover',
  removed: (name) => `Você removeu ${name}.`,
  undo: 'Desfazer',
  undoLabel: (name) => `Desfazer a remoção de ${name}`,
  recentlyRemoved: 'Removidos recentemente',
  restored: (name) => `${name} voltou para o seu carrinho.`,
  cartItems: 'Itens do seu carrinho',
  inBox: (quantity) => `× ${quantity}`,
  unitPrice: 'Preço',
  lineTotal: 'Total',
  boxContents: 'Nesta caixa',
  couponCode: 'Código do cupom',
  applyCoupon: 'Aplicar',
  removeCoupon: (code) => `Remover o cupom ${code}`,
  appliedCoupons: 'Cupons aplicados',
  couponRemoved: (code) => `Cupom ${code} removido.`,
  couponApplied: (code) => `Cupom ${code} aplicado.`,
  couponEmpty: 'Digite um código de cupom.',
  shipping: 'Frete',
  shippingTo: (destination) => `Entrega para: ${destination}`,
  shippingUpdated: (rate) => `Forma de entrega: ${rate}.`,
  calculatedAtCheckout: 'Calculado ao finalizar a compra',
  // Said of "a forma de entrega".
  rateSelected: '(selecionada)',
  shippingChosenAtCheckout: 'Você pode alterar a forma de entrega ao finalizar a compra.',
  signedInCheckoutNote: 'Ao finalizar a compra, entre na loja com a mesma conta: seu carrinho está salvo lá.',
  notMerged: (names) => `Não foi possível transferir ${names} do seu carrinho de visitante para o carrinho da sua conta.`,
  free: 'Grátis',
  subtotal: 'Subtotal',
  discount: 'Desconto',
  fees: 'Taxas',
  tax: 'Impostos',
  total: 'Total',
  crossSells: 'Você também pode gostar',
  addNamed: (name) => `Adicionar ${name} ao carrinho`,
  addShort: 'Adicionar',
  regularPrice: 'Preço original',
  salePrice: 'Preço promocional',
  checkout: 'Finalizar compra',
  quantityUpdated: (name, quantity) => `${name}: quantidade ${quantity}.`,
  quantityRolledBack: (name) => `Não foi possível alterar a quantidade de ${name}.`,
  quantityLimit: (max) => (one(max) ? `Apenas ${max} disponível.` : `Apenas ${max} disponíveis.`),
  removeFailed: (name) => `Não foi possível remover ${name}.`,
  restoreFailed: (name) => `Não foi possível devolver ${name} ao seu carrinho.`,
  addFailed: (name) => `Não foi possível adicionar ${name} ao seu carrinho.`,
  shippingFailed: 'Não foi possível alterar a forma de entrega.',
  couponFailed: (code) => `Não foi possível aplicar o cupom ${code}.`,
  couponRemoveFailed: (code) => `Não foi possível remover o cupom ${code}.`,

  // --- <login-form> ---
  identifier: 'Usuário, e-mail ou telefone',
  password: 'Senha',
  signIn: 'Entrar',
  signingIn: 'Entrando…',
  signedInAs: (name) => `Você entrou como ${name}`,
  signOut: 'Sair',
  identifierRequired: 'Digite seu usuário, e-mail ou telefone.',
  passwordRequired: 'Digite sua senha.',
  twoFactorTitle: 'Verificação em duas etapas',
  verificationMethod: 'Método de verificação',
  verificationCode: 'Código de verificação',
  codeRequired: 'Digite o código de verificação.',
  emailSent: 'Enviamos um código de verificação para o seu e-mail.',
  verify: 'Verificar',
  sendNewCode: 'Enviar um novo código',
  back: 'Voltar',
  invalidCode: 'Esse código não é válido. Confira e tente novamente.',
  invalidProvider: (provider) => `O método de verificação “${provider}” não está disponível.`,
  providerName: (provider) =>
    ({ email: 'E-mail', totp: 'App autenticador', backup: 'Código de backup' })[provider] ?? provider,
  verifying: 'Verificando…',
  codeSent: 'Enviamos um novo código para o seu e-mail.',
  signInFailed: 'Usuário, e-mail, telefone ou senha incorretos.',
  insecureConnection: 'Para entrar, é necessária uma conexão segura (https) com a loja.',
  sessionEnded: 'Sua sessão expirou. Entre novamente.',
  signedOutElsewhere: 'Você saiu da sua conta em outra janela.',

  // --- <mnm-container-picker> ---
  quantityOf: (name) => `Quantidade de ${name}`,
  containerQuantity: 'Número de caixas',
  fewer: (name) => `${name}: um a menos`,
  more: (name) => `${name}: um a mais`,
  selected: (count, min, max) =>
    max === null
      ? min > 0 ? `Selecionados: ${count} (mínimo ${min})` : `Selecionados: ${count}`
      : `Selecionados: ${count} de ${min === max ? max : `${min}–${max}`}`,
  chooseMore: (n) => `Escolha mais ${n}`,
  removeSome: (n) => `Itens demais: remova ${n}`,
  selectionComplete: 'Sua caixa está pronta.',
  outOfStock: 'Esgotado',
  boxPrice: 'Preço da caixa',
  boxAdded: 'Sua caixa foi adicionada ao carrinho.',
  boxError: 'Não foi possível adicionar sua caixa. Confira sua seleção e tente novamente.',
  boxLoadError: 'Não foi possível carregar esta caixa.',

  // --- <cart-count> ---
  itemsInCart: (count) => (one(count) ? `${count} item no seu carrinho` : `${count} itens no seu carrinho`),
  cartTotalIs: (total) => `Total do carrinho: ${total}`,
  cartSubtotalIs: (subtotal) => `Subtotal do carrinho: ${subtotal}`,
};

export default ptBR;
