@_exported import GroceryAPI
