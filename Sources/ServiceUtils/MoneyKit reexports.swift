@_exported import MoneyKit
