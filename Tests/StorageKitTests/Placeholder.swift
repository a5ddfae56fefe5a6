// StorageKit's tests go in this folder, one suite per concept (see CONTRIBUTING.md).
