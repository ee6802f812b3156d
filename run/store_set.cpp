#include "run/store_set.h"

namespace ferry::runner {

StoreOpener state_store_opener(StoreAccess access, SpecOpener open) {
  return [access = std::move(access),
          open = std::move(open)](const GitStateStore& store) -> Result<std::unique_ptr<writer::StateStore>> {
    auto spec = store_spec_of(store, access);
    if (!spec) return spec.error();
    auto opened = open(*spec);
    if (!opened) {
      // The writer's messages carry no credentials (writer/store_url.h redact_url); locate them.
      return make_error(opened.error().where.value_or(store.url_where),
                        "GitStateStore \"" + store.name + "\": " + opened.error().message);
    }
    return opened;
  };
}

Result<StoreSet> open_stores(const Platform& platform, const StoreOpener& open_store) {
  StoreSet stores;
  for (const GitStateStore& config : platform.stores) {
    auto store = open_store(config);
    if (!store) return store.error();
    stores.owned[config.name] = std::move(*store);
    stores.views[config.name] = stores.owned[config.name].get();
  }
  return stores;
}

}  // namespace ferry::runner
