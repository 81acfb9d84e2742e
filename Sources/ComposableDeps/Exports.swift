@_exported import DepsCore
@_exported import DepsReducer
