/**
 * Chat reports keep their evidence whatever the reported fan does (docs/trades.md, chatReports):
 *
 * - `target` no longer cascades: a report outlives the reported account (the relation empties),
 *   and `targetId` and `targetName` (the id and nickname at the time of the report, kept by the
 *   hook) still say whom it was about;
 * - `evidencePhoto`: a copy of the reported message's photo, made by the hook, protected like the
 *   chat photo itself (the reporter and admins, with a file token). The message, its photo and its
 *   conversation may go; the copy stays.
 */
migrate(
  (app) => {
    const reports = app.findCollectionByNameOrId('chatReports');
    const target = reports.fields.getByName('target');
    target.required = false;
    target.cascadeDelete = false;
    reports.fields.add(new TextField({ name: 'targetId', max: 100 }));
    reports.fields.add(new TextField({ name: 'targetName', max: 100 }));
    reports.fields.add(
      new FileField({
        name: 'evidencePhoto',
        maxSelect: 1,
        maxSize: 5 * 1024 * 1024,
        mimeTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
        protected: true,
      }),
    );
    app.save(reports);
    // the reports made before: their target's id and nickname now
    app
      .db()
      .newQuery(
        'UPDATE chatReports SET targetId = target, targetName = COALESCE(' +
          "(SELECT username FROM users WHERE users.id = chatReports.target), '') WHERE targetId = ''",
      )
      .execute();
  },
  (app) => {
    const reports = app.findCollectionByNameOrId('chatReports');
    const target = reports.fields.getByName('target');
    target.required = true;
    target.cascadeDelete = true;
    for (const name of ['targetId', 'targetName', 'evidencePhoto'])
      reports.fields.removeByName(name);
    app.save(reports);
  },
);
