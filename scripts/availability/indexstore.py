"""Reads the index store the compiler writes while it builds (SwiftPM's debug builds do), through
the C API of the toolchain's libIndexStore, with ctypes. Only the calls this check needs: every
unit, its records, and in each record the symbol occurrences with their USR, roles and position."""
import ctypes
import os

# Symbol roles (indexstore_symbol_role_t).
ROLE_DECLARATION = 1 << 0
ROLE_DEFINITION = 1 << 1
ROLE_REFERENCE = 1 << 2
ROLE_IMPLICIT = 1 << 8

# Unit dependency kinds (indexstore_unit_dependency_kind_t).
DEPENDENCY_UNIT = 1
DEPENDENCY_RECORD = 2
DEPENDENCY_FILE = 3


class StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]

    def text(self):
        if not self.data or not self.length:
            return ""
        return ctypes.string_at(self.data, self.length).decode("utf-8", "replace")


class IndexStoreError(Exception):
    pass


_NAME_APPLIER = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, StringRef)
_POINTER_APPLIER = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, ctypes.c_void_p)


class Library:
    """The C functions, with their signatures."""

    def __init__(self, path):
        lib = ctypes.CDLL(path)
        vp, cp, b, u = ctypes.c_void_p, ctypes.c_char_p, ctypes.c_bool, ctypes.c_uint
        err = ctypes.POINTER(ctypes.c_void_p)

        def declare(name, restype, *argtypes):
            function = getattr(lib, name)
            function.restype = restype
            function.argtypes = list(argtypes)
            setattr(self, name, function)

        declare("indexstore_error_get_description", cp, vp)
        declare("indexstore_error_dispose", None, vp)
        declare("indexstore_store_create", vp, cp, err)
        declare("indexstore_store_dispose", None, vp)
        declare("indexstore_store_units_apply_f", b, vp, u, vp, _NAME_APPLIER)
        declare("indexstore_unit_reader_create", vp, vp, cp, err)
        declare("indexstore_unit_reader_dispose", None, vp)
        declare("indexstore_unit_reader_get_main_file", StringRef, vp)
        declare("indexstore_unit_reader_get_module_name", StringRef, vp)
        declare(
            "indexstore_unit_reader_get_modification_time", None, vp,
            ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_int64))
        declare("indexstore_unit_reader_dependencies_apply_f", b, vp, vp, _POINTER_APPLIER)
        declare("indexstore_unit_dependency_get_kind", ctypes.c_int, vp)
        declare("indexstore_unit_dependency_get_name", StringRef, vp)
        declare("indexstore_unit_dependency_get_filepath", StringRef, vp)
        declare("indexstore_record_reader_create", vp, vp, cp, err)
        declare("indexstore_record_reader_dispose", None, vp)
        declare("indexstore_record_reader_occurrences_apply_f", b, vp, vp, _POINTER_APPLIER)
        declare("indexstore_occurrence_get_symbol", vp, vp)
        declare("indexstore_occurrence_get_roles", ctypes.c_uint64, vp)
        declare("indexstore_occurrence_get_line_col", None, vp, ctypes.POINTER(u), ctypes.POINTER(u))
        declare("indexstore_symbol_get_usr", StringRef, vp)
        declare("indexstore_symbol_get_name", StringRef, vp)

    def raise_error(self, error, what):
        message = "unknown error"
        if error:
            description = self.indexstore_error_get_description(error)
            if description:
                message = description.decode("utf-8", "replace")
            self.indexstore_error_dispose(error)
        raise IndexStoreError("%s: %s" % (what, message))


class Unit:
    def __init__(self, name, main_file, module, modified, records):
        self.name = name
        self.main_file = main_file
        self.module = module
        self.modified = modified  # seconds since the epoch
        self.records = records  # [(record name, source file path)]


class Occurrence:
    __slots__ = ("usr", "name", "roles", "line", "column")

    def __init__(self, usr, name, roles, line, column):
        self.usr = usr
        self.name = name
        self.roles = roles
        self.line = line
        self.column = column  # 1-based, in UTF-8 bytes


class IndexStore:
    def __init__(self, library, path):
        self.lib = library
        error = ctypes.c_void_p()
        self.store = library.indexstore_store_create(os.fsencode(path), ctypes.byref(error))
        if not self.store:
            library.raise_error(error, "cannot open the index store at %s" % path)

    def close(self):
        if self.store:
            self.lib.indexstore_store_dispose(self.store)
            self.store = None

    def unit_names(self):
        names = []

        def collect(_context, name):
            names.append(name.text())
            return True

        self.lib.indexstore_store_units_apply_f(self.store, 0, None, _NAME_APPLIER(collect))
        return names

    def unit(self, name):
        lib = self.lib
        error = ctypes.c_void_p()
        reader = lib.indexstore_unit_reader_create(self.store, name.encode("utf-8"), ctypes.byref(error))
        if not reader:
            lib.raise_error(error, "cannot read the unit %s" % name)
        try:
            main_file = lib.indexstore_unit_reader_get_main_file(reader).text()
            module = lib.indexstore_unit_reader_get_module_name(reader).text()
            seconds, nanoseconds = ctypes.c_int64(), ctypes.c_int64()
            lib.indexstore_unit_reader_get_modification_time(
                reader, ctypes.byref(seconds), ctypes.byref(nanoseconds))
            records = []

            def dependency(_context, dep):
                if lib.indexstore_unit_dependency_get_kind(dep) == DEPENDENCY_RECORD:
                    records.append((
                        lib.indexstore_unit_dependency_get_name(dep).text(),
                        lib.indexstore_unit_dependency_get_filepath(dep).text(),
                    ))
                return True

            lib.indexstore_unit_reader_dependencies_apply_f(reader, None, _POINTER_APPLIER(dependency))
            return Unit(name, main_file, module, seconds.value + nanoseconds.value / 1e9, records)
        finally:
            lib.indexstore_unit_reader_dispose(reader)

    def occurrences(self, record_name, wanted_roles=ROLE_REFERENCE):
        """The occurrences in a record that have one of wanted_roles, and neither declare nor define."""
        lib = self.lib
        error = ctypes.c_void_p()
        reader = lib.indexstore_record_reader_create(self.store, record_name.encode("utf-8"), ctypes.byref(error))
        if not reader:
            lib.raise_error(error, "cannot read the record %s" % record_name)
        found = []
        line, column = ctypes.c_uint(), ctypes.c_uint()

        def occurrence(_context, occ):
            roles = lib.indexstore_occurrence_get_roles(occ)
            if roles & wanted_roles and not roles & (ROLE_DECLARATION | ROLE_DEFINITION):
                symbol = lib.indexstore_occurrence_get_symbol(occ)
                lib.indexstore_occurrence_get_line_col(occ, ctypes.byref(line), ctypes.byref(column))
                found.append(Occurrence(
                    lib.indexstore_symbol_get_usr(symbol).text(),
                    lib.indexstore_symbol_get_name(symbol).text(),
                    roles, line.value, column.value))
            return True

        try:
            lib.indexstore_record_reader_occurrences_apply_f(reader, None, _POINTER_APPLIER(occurrence))
        finally:
            lib.indexstore_record_reader_dispose(reader)
        return found
