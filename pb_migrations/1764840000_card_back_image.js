/**
 * photoCards.cardBackImg: an optional picture of the card's back (docs/data-model.md,
 * `photoCards`). It takes the same uploads as the front: the same size limit, image types and
 * thumb sizes, copied from cardImg here so the two cannot drift apart; public like the front.
 */
migrate(
  (app) => {
    const cards = app.findCollectionByNameOrId('photoCards');
    const front = cards.fields.getByName('cardImg');
    const thumbs = [];
    const list = front.thumbs || [];
    for (let i = 0; i < list.length; i++) thumbs.push(String(list[i]));
    const mimeTypes = [];
    const types = front.mimeTypes || [];
    for (let i = 0; i < types.length; i++) mimeTypes.push(String(types[i]));
    cards.fields.add(
      new FileField({
        name: 'cardBackImg',
        maxSelect: 1,
        maxSize: front.maxSize,
        mimeTypes,
        thumbs,
        protected: false,
      }),
    );
    app.save(cards);
  },
  (app) => {
    const cards = app.findCollectionByNameOrId('photoCards');
    cards.fields.removeByName('cardBackImg');
    app.save(cards);
  },
);
