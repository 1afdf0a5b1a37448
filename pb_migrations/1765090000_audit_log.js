/**
 * `auditLog`: every action an admin takes in the operator's console (docs/operators.md, The audit
 * log): who, what, on which record, when, and the record's fields before and after. Admins
 * (`users.role = "admin"`) list and read it; nobody writes, edits or deletes it through the API,
 * superusers included (every rule but list/view is null: only hooks write it, through
 * pb_hooks/lib/audit.js, in the same transaction as the action). A fan can't read it.
 *
 * `actor` does not cascade: the entry outlives the admin's account (`actorName` keeps the
 * nickname at the time). Indexes: (`created`) for the newest first; (`targetCollection`,
 * `targetId`) for one record's history; (`actor`, `created`) for one admin's.
 */
migrate(
  (app) => {
    const ADMIN = '@request.auth.id != "" && @request.auth.role = "admin"';
    const users = app.findCollectionByNameOrId('users');
    const log = new Collection({
      type: 'base',
      name: 'auditLog',
      listRule: ADMIN,
      viewRule: ADMIN,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: /** @type {any} */ ([
        {
          type: 'relation',
          name: 'actor',
          collectionId: users.id,
          maxSelect: 1,
          cascadeDelete: false,
        },
        { type: 'text', name: 'actorName', max: 100 },
        { type: 'text', name: 'action', required: true, max: 60 },
        { type: 'text', name: 'targetCollection', max: 60 },
        { type: 'text', name: 'targetId', max: 100 },
        { type: 'text', name: 'reason', max: 1000 },
        { type: 'json', name: 'before', maxSize: 200000 },
        { type: 'json', name: 'after', maxSize: 200000 },
        { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
      ]),
      indexes: /** @type {any} */ ([
        'CREATE INDEX `idx_auditLog_created` ON `auditLog` (`created`)',
        'CREATE INDEX `idx_auditLog_target` ON `auditLog` (`targetCollection`, `targetId`)',
        'CREATE INDEX `idx_auditLog_actor` ON `auditLog` (`actor`, `created`)',
      ]),
    });
    app.save(log);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('auditLog'));
  },
);
