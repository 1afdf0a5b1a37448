/**
 * Collect books finished (docs/data-model.md, `collectBook`): a cover picked from the book's own
 * cards (`cover`), the place on the profile shelf (`shelfOrder`), and a public book (자랑하기,
 * `isPublic`) that anyone may open by its id. The list rule stays the owner's, so the pull never
 * copies other fans' books into a device; only a view by id reads a public one. What the API
 * rules cannot express (the cover is one of the book's cards, the shelf place's range, the
 * per-fan cap) is in pb_hooks/books.pb.js. Plus the rate limit of the public book route.
 */
const RATE_RULES = [
  // the public book page's one read (docs/data-model.md, Rate limits and request limits)
  { label: '/api/pocamarket/books/', audience: '', duration: 10, maxRequests: 30 },
];

migrate(
  (app) => {
    const collectBook = app.findCollectionByNameOrId('collectBook');
    const photoCards = app.findCollectionByNameOrId('photoCards');
    collectBook.fields.add(
      new RelationField({
        name: 'cover',
        collectionId: photoCards.id,
        maxSelect: 1,
        required: false,
        cascadeDelete: false,
      }),
    );
    collectBook.fields.add(
      new NumberField({ name: 'shelfOrder', onlyInt: true, min: 0, max: 9999 }),
    );
    collectBook.viewRule =
      '(@request.auth.id != "" && users = @request.auth.id) || isPublic = true';
    app.save(collectBook);

    const settings = app.settings();
    const labels = RATE_RULES.map((r) => r.label);
    const rules = settings.rateLimits.rules.filter((r) => labels.indexOf(r.label) < 0);
    unmarshal({ rateLimits: { rules: RATE_RULES.concat(rules) } }, settings);
    app.save(settings);
  },
  (app) => {
    const collectBook = app.findCollectionByNameOrId('collectBook');
    collectBook.fields.removeByName('cover');
    collectBook.fields.removeByName('shelfOrder');
    collectBook.viewRule = '@request.auth.id != "" && users = @request.auth.id';
    app.save(collectBook);
    const settings = app.settings();
    const labels = RATE_RULES.map((r) => r.label);
    unmarshal(
      {
        rateLimits: { rules: settings.rateLimits.rules.filter((r) => labels.indexOf(r.label) < 0) },
      },
      settings,
    );
    app.save(settings);
  },
);
