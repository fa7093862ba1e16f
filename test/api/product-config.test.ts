import { expect } from '../helpers/testing.js';
import { ApiError } from '../../src/api/errors.js';
import { parseProductConfig } from '../../src/api/product-config.js';

const wire = {
  id: 30,
  name: 'Tasting Box',
  type: 'mix-and-match',
  prices: { price: '0.00', regular_price: '0.00', sale_price: '', on_sale: false },
  images: [],
  mnm_data: {
    min_container_size: 2,
    max_container_size: '',
    per_product_pricing: true,
    products: [{ id: 31, name: 'Kenya Sample', prices: { price: '4.50', regular_price: '4.50', sale_price: '', on_sale: false } }],
  },
};

describe('parseProductConfig', () => {
  it('reads the normalised shape, filling in what was left out', () => {
    const product = parseProductConfig({
      id: 30,
      name: 'Tasting Box',
      mnm: { min: 2, max: 0, perProductPricing: true, products: [{ id: 31, name: 'Kenya Sample', prices: { price: 450 } }] },
    });
    expect(product.mnm).to.deep.equal({
      min: 2,
      max: null,
      perProductPricing: true,
      products: [
        { id: 31, name: 'Kenya Sample', prices: { price: 450, regularPrice: 450, salePrice: null, onSale: false }, image: null, inStock: true },
      ],
    });
    expect(product.prices.price).to.equal(0);
    expect(product.currency).to.equal(null);
  });

  it('reads the products route shape from JSON text, like the route', () => {
    const product = parseProductConfig(JSON.stringify(wire));
    expect(product.id).to.equal(30);
    expect(product.mnm?.min).to.equal(2);
    expect(product.mnm?.max).to.equal(null);
    expect(product.mnm?.products[0]?.prices.price).to.equal(450);
  });

  it('takes a Product as the products route gave it back unchanged', () => {
    const product = parseProductConfig(wire);
    expect(parseProductConfig(product)).to.deep.equal(product);
  });

  it('turns text that is not JSON into an invalid-response ApiError', () => {
    expect(() => parseProductConfig('{ not json')).to.throw(ApiError).with.property('kind', 'invalid-response');
  });

  it('turns a configuration without its contents into an invalid-response ApiError', () => {
    expect(() => parseProductConfig({ id: 30, name: 'Box' } as never)).to.throw(ApiError).with.property('kind', 'invalid-response');
    expect(() => parseProductConfig('{"id":"thirty","name":"Box","mnm":{"products":[]}}')).to.throw(ApiError);
  });
});
